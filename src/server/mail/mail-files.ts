import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { derivedToken } from '../tokens.ts';
import type { MailMessage } from './message.ts';

// The emails written to MAIL_DIR when SMTP_URL is unset hold what a visitor typed (a staff notice carries
// their name, phone and answers), so an erasure and the retention job remove them as they remove the
// outbox's rows. Each file is recorded as it is written with a key for each address it names (its
// recipient, its reply-to, and any in its text), derived from SESSION_SECRET so the table names nobody:
// an erasure finds a person's files by their address's key, and the retention job finds old files by
// date, neither reading the files. A file's name starts with the time it was written (transport.ts), so
// the job also removes any old file the table missed (one written before this table existed).

type Db = Kysely<Database>;

/** Addresses as they appear in an email's text: enough to find the visitor's own, in any case. */
const addressPattern = /[\w.+'-]+@[\w-]+(?:\.[\w-]+)+/g;

/** The addresses a message names: recipient, reply-to, and any in its text, in lower case. */
export function addressesIn(message: Pick<MailMessage, 'to' | 'replyTo' | 'text'>) {
  const found = [message.to, message.replyTo ?? '', ...(message.text.match(addressPattern) ?? [])];
  return [...new Set(found.map((address) => address.trim().toLowerCase()).filter(Boolean))];
}

/** What a file's name starts with: the time it was written, in milliseconds. */
const writtenAt = (name: string) => Number(/^(\d{10,})-/.exec(name)?.[1] ?? Number.NaN);

export interface MailFiles {
  /** Records which addresses a file about to be written names. */
  record(db: Db, fileName: string, message: MailMessage, at: Date): Promise<void>;
  /** The names of the files naming an address, for a subject access request. */
  filesOf(db: Db, address: string): Promise<string[]>;
  /** Forgets the files naming any of these addresses; answers their names, to remove after the commit. */
  takeFilesOf(trx: Db, addresses: Iterable<string>): Promise<string[]>;
  /** Forgets the files written before `before`; answers their names, to remove after the commit. */
  takeFilesBefore(trx: Db, before: Date): Promise<string[]>;
  /**
   * Deletes these files from the folder, and with `before` any other written before it (by its name);
   * answers how many it deleted. Call it after the transaction that took them commits.
   */
  remove(names: Iterable<string>, before?: Date): Promise<number>;
}

export function mailFiles(dir: string, secret: string): MailFiles {
  const keyOf = (address: string) => derivedToken(secret, 'mail-file', address.trim().toLowerCase());

  async function take(trx: Db, names: string[]) {
    const unique = [...new Set(names)];
    for (let i = 0; i < unique.length; i += 500) {
      await trx
        .deleteFrom('mail_files')
        .where('file_name', 'in', unique.slice(i, i + 500))
        .execute();
    }
    return unique;
  }

  async function unlinkQuietly(name: string) {
    try {
      // Only a plain name in the folder: never a path a row could point elsewhere with.
      await unlink(path.join(dir, path.basename(name)));
      return 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
  }

  return {
    async record(db, fileName, message, at) {
      const keys = addressesIn(message).map(keyOf);
      if (keys.length === 0) return;
      await db
        .insertInto('mail_files')
        .values(keys.map((key) => ({ file_name: fileName, address_key: key, created_at: at.toISOString() })))
        .execute();
    },

    async filesOf(db, address) {
      const rows = await db
        .selectFrom('mail_files')
        .select('file_name')
        .where('address_key', '=', keyOf(address))
        .orderBy('id')
        .execute();
      return [...new Set(rows.map((row) => row.file_name))];
    },

    async takeFilesOf(trx, addresses) {
      const keys = [...new Set([...addresses].map(keyOf))];
      if (keys.length === 0) return [];
      const names: string[] = [];
      for (let i = 0; i < keys.length; i += 500) {
        const rows = await trx
          .selectFrom('mail_files')
          .select('file_name')
          .where('address_key', 'in', keys.slice(i, i + 500))
          .execute();
        names.push(...rows.map((row) => row.file_name));
      }
      return take(trx, names);
    },

    async takeFilesBefore(trx, before) {
      const rows = await trx
        .selectFrom('mail_files')
        .select('file_name')
        .where('created_at', '<', before.toISOString())
        .execute();
      return take(
        trx,
        rows.map((row) => row.file_name),
      );
    },

    async remove(names, before) {
      const all = new Set(names);
      if (before) {
        const listed = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [] as string[];
          throw error;
        });
        for (const name of listed) if (writtenAt(name) < before.getTime()) all.add(name);
      }
      let removed = 0;
      for (const name of all) removed += await unlinkQuietly(name);
      return removed;
    },
  };
}
