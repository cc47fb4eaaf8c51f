/**
 * A unique constraint or primary key refused the write (SQLite's UNIQUE or PRIMARYKEY, PostgreSQL's 23505),
 * or an exclusion constraint did (PostgreSQL's 23P01: two calls of one adviser that overlap).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505' ||
    code === '23P01'
  );
}

const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);

/**
 * PostgreSQL refusing the connection itself: the database missing or not accepting connections, the
 * password or role refused, or the role no longer allowed to connect to it. The operator has to act, but to a visitor it is the same as an outage: the
 * site comes back as it was once they have.
 */
const connectionRefusedCodes = new Set(['3D000', '28000', '28P01']);
const notAcceptingConnections = /is not currently accepting connections/;
/** 42501 is any missing privilege; only this one is about connecting. */
const mayNotConnect = /^permission denied for database/;

/**
 * The database could not be reached or cannot write just now (as opposed to refusing what was written):
 * a connection refused, cut or timed out, PostgreSQL starting, shutting down, out of connections or
 * refusing this site's connection (SQLSTATE classes 08, 53 and 57P, and the codes above), or SQLite's file
 * locked by another process, unreadable or full.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (unreachableCodes.has(code) || /^(08|53|57P)/.test(code)) return true;
    if (connectionRefusedCodes.has(code)) return true;
    if (code === '55000' && typeof message === 'string' && notAcceptingConnections.test(message)) return true;
    if (code === '42501' && typeof message === 'string' && mayNotConnect.test(message)) return true;
    if (/^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY)/.test(code)) return true;
  }
  // node-postgres reports a lost connection or a full pool by message only.
  return (
    typeof message === 'string' &&
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
      message,
    )
  );
}
