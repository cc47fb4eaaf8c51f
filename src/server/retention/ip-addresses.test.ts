import { afterEach, beforeEach, expect, it } from 'vitest';
import { recordAudit } from '#server/audit/log.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { erasedAddress, erasePersonalData } from '#server/features/back-office/data-protection.ts';
import { leadRegistry } from '#server/lead-registry.ts';
import { auditAddressKeptDays } from '#shared/address-retention.ts';
import { createMigratedTestDatabase, describeEachDatabase } from '#tests/support/databases.ts';
import { runRetention } from './job.ts';

// IP addresses kept apart from a person's records: the audit log's, sign-in throttles' and staff
// sessions'. "Now" is fixed; each record is placed just inside or just outside its period.

const now = new Date('2026-11-23T09:00:00.000Z');
const minute = 60_000;
const day = 24 * 60 * minute;
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
const secret = 'ip-retention-test-secret-ip-retention-test';
const leadKinds = leadRegistry();
const run = (db: Db) => runRetention(db, leadKinds, { months: 24, now, via: 'schedule', secret });

describeEachDatabase('IP addresses outside the records they belong to', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    const database = await createMigratedTestDatabase(kind);
    drop = database.drop;
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
  });
  afterEach(async () => {
    await db.destroy();
    await drop();
  });

  const audit = (subject: string, detail: unknown, at: string) =>
    recordAudit(db, { userId: null, action: 'sign-in.failed', subject, detail }, new Date(at));
  const auditDetails = async () =>
    (await db.selectFrom('audit_log').select(['subject', 'detail']).orderBy('id').execute()).map((row) => ({
      subject: row.subject,
      detail: JSON.parse(row.detail),
    }));

  it(`blanks an audit entry's IP address ${auditAddressKeptDays} days after it, keeping the entry`, async () => {
    const justOver = before(auditAddressKeptDays * day + minute);
    const justUnder = before(auditAddressKeptDays * day - minute);
    await audit('(no account)', { ipAddress: '203.0.113.7' }, justOver);
    await audit('ann@example.com', { session: 'browser', ipAddress: '203.0.113.8' }, justOver);
    await audit('(no account)', { ipAddress: '203.0.113.9' }, justUnder);
    await audit('retention periods', { months: 24 }, justOver);

    expect(await run(db)).toMatchObject({ ran: true, counts: { auditAddresses: 2 } });
    expect((await auditDetails()).slice(0, 4)).toEqual([
      { subject: '(no account)', detail: {} },
      { subject: 'ann@example.com', detail: { session: 'browser' } },
      { subject: '(no account)', detail: { ipAddress: '203.0.113.9' } },
      { subject: 'retention periods', detail: { months: 24 } },
    ]);
    const { detail } = (await auditDetails())[4] as { detail: Record<string, unknown> };
    expect(detail).toMatchObject({ auditAddresses: 2 });
  });

  it('deletes sign-in throttles a day after their last failure, and sessions once expired', async () => {
    const throttle = (key: string, lastFailure: string) =>
      db
        .insertInto('sign_in_throttles')
        .values({
          key,
          failures: 5,
          last_failure_at: lastFailure,
          window_started_at: lastFailure,
          blocked_until: new Date(Date.parse(lastFailure) + 15 * minute).toISOString(),
          proof_required_until: null,
          notified_at: null,
        })
        .execute();
    await throttle('ip:203.0.113.7', before(day + minute));
    await throttle('account:ann@example.com ip:203.0.113.7', before(day + minute));
    await throttle('ip:203.0.113.8', before(day - minute));

    const user = await db
      .insertInto('users')
      .values({
        email: 'sam@fenwickhale.test',
        password_hash: null,
        status: 'active',
        role: 'staff',
        created_at: before(100 * day),
        password_changed_at: null,
        visit_session: null,
        visit_seen_at: null,
        new_leads_since: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = (idHash: string, expiresAt: string) =>
      db
        .insertInto('sessions')
        .values({
          id_hash: idHash,
          user_id: user.id,
          kind: 'remembered',
          created_at: before(40 * day),
          last_seen_at: before(40 * day),
          expires_at: expiresAt,
          ip_address: '198.51.100.4',
          user_agent: 'Firefox',
        })
        .execute();
    await session('expired', before(minute));
    await session('live', new Date(now.getTime() + minute).toISOString());

    expect(await run(db)).toMatchObject({ counts: { signInThrottles: 2, expiredSessions: 1 } });
    expect(await db.selectFrom('sign_in_throttles').select('key').execute()).toEqual([
      { key: 'ip:203.0.113.8' },
    ]);
    expect(await db.selectFrom('sessions').select('id_hash').execute()).toEqual([{ id_hash: 'live' }]);
  });

  it('blanks at once, on erasure, the IP address of every audit entry that names the person', async () => {
    const email = 'ann@example.com';
    await audit(email, { session: 'browser', ipAddress: '203.0.113.8' }, before(day));
    await audit(email, { link: 'reset', ipAddress: '203.0.113.8' }, before(2 * day));
    await audit('bob@example.com', { ipAddress: '203.0.113.9' }, before(day));

    await db
      .transaction()
      .execute((trx) => erasePersonalData(trx, leadKinds, email, erasedAddress(secret, email), now));
    const pseudonym = erasedAddress(secret, email);
    expect(await auditDetails()).toEqual([
      { subject: pseudonym, detail: { session: 'browser' } },
      { subject: pseudonym, detail: { link: 'reset' } },
      { subject: 'bob@example.com', detail: { ipAddress: '203.0.113.9' } },
    ]);
  });
});
