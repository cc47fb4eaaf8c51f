import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RunningSite } from './site.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** `npm run user:add -- EMAIL` against the running site's database: the user is emailed an invitation. */
export async function addUser(site: RunningSite, email: string) {
  await promisify(execFile)(process.execPath, ['scripts/user.ts', 'add', email], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: `sqlite:${path.join(site.dataDir, 'site.db')}`,
      PUBLIC_URL: site.url,
    },
  });
}

/** The set-password link in an invitation or reset email. */
export function resetLinkIn(text: string | undefined): string {
  const link = text?.match(/http:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`No reset link in:\n${text}`);
  return link;
}
