import type { Config, DatabaseTarget } from '../config.ts';

/** The database as a command or the start-up line names it: its file, or its URL without the password. */
export function databaseLabel(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return `sqlite:${target.file}`;
  const url = new URL(target.url);
  // The query may carry a password too (?password=…), and says nothing an operator needs here.
  return `${url.protocol}//${url.username ? `${url.username}@` : ''}${url.host}${url.pathname}`;
}

/** Where mail goes, as the start-up line names it: the SMTP server without its credentials, or a folder. */
export function mailLabel(config: Pick<Config, 'smtpUrl' | 'mailDir'>): string {
  if (!config.smtpUrl) return `files in ${config.mailDir}`;
  const url = new URL(config.smtpUrl);
  return `${url.protocol}//${url.host}`;
}
