import type { Db } from '#server/db/database.ts';

/**
 * Every row of every table of the app's database, each as JSON, sorted: equal before and after a request
 * only if the request changed nothing. Left out is what moves on by itself: a session's last-seen and
 * expiry times (using it moves them), and how far the outbox has got with sending each email (which
 * emails are queued is kept; without SMTP, the record of the files sending has written).
 */
/** Tables that grow without any request: the record of the mail files the outbox writes as it sends. */
export const tablesFilledBySending = new Set(['mail_files']);

export async function tableRows(db: Db) {
  const rows: Record<string, string[]> = {};
  for (const table of await db.introspection.getTables()) {
    if (tablesFilledBySending.has(table.name)) continue;
    const all = (await db
      .selectFrom(table.name as 'users')
      .selectAll()
      .execute()) as Record<string, unknown>[];
    rows[table.name] = all.map((row) => JSON.stringify(lasting(table.name, row))).sort();
  }
  return rows;
}

function lasting(table: string, row: Record<string, unknown>) {
  if (table === 'sessions') {
    const { last_seen_at, expires_at, ...rest } = row;
    return rest;
  }
  if (table === 'outbox_messages') {
    const { id, kind, recipient, subject, created_at } = row;
    return { id, kind, recipient, subject, created_at };
  }
  return row;
}
