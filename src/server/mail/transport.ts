import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { redactUrl } from '../logging/redaction.ts';
import type { Clock } from '../time/clock.ts';
import type { MailMessage } from './message.ts';
import { type MailFrom, mimeMessage } from './mime.ts';
import { smtpPool } from './smtp-pool.ts';

export type { MailFrom };

export interface OutgoingMail {
  /** Stable across retries, so a receiver can tell a re-send from a new message. */
  messageId: string;
  message: MailMessage;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** Whether the mail server answers and takes the credentials; rejects saying why. */
  check(): Promise<void>;
  close(): void;
}

const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export interface SmtpOptions extends Partial<typeof smtpTimeouts> {
  /** How many connections the pool keeps open, each sending one message at a time. */
  maxConnections?: number;
}

/**
 * Sends over SMTP through a pool of connections kept open (smtp-pool.ts): a mail server's greeting can
 * take 100 ms or more (an early-talker check), so reconnecting for each message would cap a backlog at a
 * few a second, and several connections at once let a newsletter go out while each waits on the server's
 * replies. Timeouts are bounded so a hung server fails a send instead of holding it.
 */
export function smtpTransport(
  url: string,
  from: () => MailFrom,
  { maxConnections = 1, ...timeouts }: SmtpOptions = {},
): MailTransport {
  const pool = smtpPool(url, { maxConnections, ...smtpTimeouts, ...timeouts });
  return {
    async send({ messageId, message }) {
      // Drawn into one buffer first (mime.ts) and handed over whole: streamed, it reached the socket
      // header by header and line by line, thousands of small writes.
      const { envelope, raw } = mimeMessage(from(), messageId, message);
      await pool.send(envelope, raw);
    },
    check: () => pool.verify(),
    close: () => pool.close(),
  };
}

/**
 * A link as the log may show it: where it leads, with its token replaced (redactUrl). The working link is
 * in the .eml file the same line names.
 */
function linkWithoutToken(link: string): string {
  const url = URL.parse(link);
  return url ? `${url.origin}${redactUrl(`${url.pathname}${url.search}${url.hash}`)}` : redactUrl(link);
}

/**
 * Without an SMTP server, each message becomes an .eml file. In development the log line also lists the
 * site's own links in it, each with its token replaced, so the developer sees which link went (a
 * confirmation, a reset) and opens the file it names for the link itself; a log outlives the hour a link
 * works and is copied to more places than the file. Links elsewhere (a visitor's own website in a staff
 * notice) are theirs, and kept out. Anywhere else a log line names only the file, because the recipient
 * and subject are personal.
 */
export function fileTransport(
  dir: string,
  from: () => MailFrom,
  log: Logger,
  {
    logLinksTo,
    now,
    record,
  }: {
    /** The site's origin, whose links are logged; none are when unset. */
    logLinksTo?: string;
    now: Clock;
    /** Notes which addresses the file names before it is written, so an erasure finds it (mail-files.ts). */
    record?: (fileName: string, message: OutgoingMail['message'], at: Date) => Promise<void>;
  },
): MailTransport {
  return {
    async send(mail) {
      const { raw } = mimeMessage(from(), mail.messageId, mail.message);
      // The links in these files work as passwords: only the site's own user may read them.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const at = now();
      const name = `${at.getTime()}-${mail.messageId.replace(/[^\w.-]/g, '_')}.eml`;
      await record?.(name, mail.message, at);
      const file = path.join(dir, name);
      await writeFile(file, raw, { mode: 0o600 });
      const found = logLinksTo
        ? (mail.message.text.match(/https?:\/\/\S+/g) ?? []).filter(
            (link) => URL.parse(link)?.origin === logLinksTo,
          )
        : undefined;
      const links = found ? { links: found.map(linkWithoutToken) } : {};
      log.info({ file, ...links }, 'mail written to file');
    },
    // Nothing to reach: a folder is made as the first email is written.
    check: async () => {},
    close: () => {},
  };
}
