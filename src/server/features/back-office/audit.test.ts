import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountService } from '#server/features/accounts/index.ts';
import { systemClock } from '#server/time/clock.ts';
import { hashToken, newToken } from '#server/tokens.ts';
import { noAccountSubject } from '#shared/audit.ts';
import { pageSize } from '#shared/back-office.ts';
import { defaultAvailabilitySettings } from '#shared/booking-settings.ts';
import { sha512Hex } from '#shared/password.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { refuseAuditEntries } from '#tests/support/failing-audit.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { send as sendTo } from '#tests/support/http.ts';
import { backOfficeClient, formToken, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';

const colleague = 'colleague@fenwickhale.test';

/** What a staff action could change: every table but the sessions (whose last-seen time moves). */
async function snapshot(site: TestApp) {
  const [users, tokens, outbox, settings, blocked, audit] = await Promise.all([
    site.db.selectFrom('users').select(['email', 'status', 'password_hash']).orderBy('email').execute(),
    site.db.selectFrom('password_tokens').select(['token_hash', 'used_at']).orderBy('token_hash').execute(),
    site.db.selectFrom('outbox_messages').select('id').orderBy('id').execute(),
    site.db.selectFrom('booking_settings').selectAll().execute(),
    site.db.selectFrom('blocked_dates').selectAll().execute(),
    site.db.selectFrom('audit_log').select('id').orderBy('id').execute(),
  ]);
  return { users, tokens, outbox, settings, blocked, audit };
}

describeEachDatabase('the audit log', (database) => {
  const errorLines: string[] = [];
  let site: TestApp;
  let staff: { cookies: string; token: string };

  beforeAll(async () => {
    site = await startTestApp({
      database,
      env: { RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'error' },
      logStream: { write: (line: string) => void errorLines.push(line) },
    });
    staff = await signedInStaff(site, 'gwen@fenwickhale.test');
  });
  afterAll(async () => site?.close());

  const client = () => backOfficeClient(site, staff);
  const send = (path: string, body: unknown, method = 'POST') => client().send(path, body, method);
  const auditLog = async () => (await client().json('/audit-log')).items;

  /** Each staff action, as the back office sends it. */
  const actions = {
    invite: () => send('/staff', { name: colleague.split('@')[0], email: colleague }),
    disable: () => send('/staff/disable', { email: colleague }),
    changeHours: () => send('/availability', { ...defaultAvailabilitySettings, callMinutes: 45 }, 'PUT'),
    blockDate: () => send('/blocked-dates', { date: '2031-01-06', reason: 'Training' }),
    unblockDate: () => send('/blocked-dates/2031-01-06', undefined, 'DELETE'),
  };

  it('records every staff change with who did it, when, and to what', async () => {
    const started = Date.now();
    for (const act of Object.values(actions)) expect((await act()).status).toBeLessThan(300);
    const entries = await auditLog();
    expect(entries.slice(0, 5)).toMatchObject([
      { action: 'blocked-date.removed', subject: '2031-01-06', by: 'gwen@fenwickhale.test' },
      { action: 'blocked-date.added', subject: '2031-01-06', by: 'gwen@fenwickhale.test' },
      { action: 'availability.changed', subject: 'availability', by: 'gwen@fenwickhale.test' },
      { action: 'staff.disabled', subject: colleague, by: 'gwen@fenwickhale.test' },
      { action: 'staff.invited', subject: colleague, by: 'gwen@fenwickhale.test' },
    ]);
    for (const entry of entries.slice(0, 5)) {
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started - 1000);
    }
    // Removing a date that is not blocked changes nothing and records nothing.
    await actions.unblockDate();
    expect((await auditLog())[0]).toEqual(entries[0]);
  });

  it('records accounts added and disabled from the command line as such', async () => {
    const accounts = createAccountService({
      firm: demoFirm,
      db: site.db,
      publicUrl: site.config.publicUrl,
      now: systemClock,
    });
    await accounts.addUser('temp@fenwickhale.test', null, { name: 'Temp Help' });
    await accounts.disableUser('temp@fenwickhale.test', null);
    expect((await auditLog()).slice(0, 2)).toMatchObject([
      {
        action: 'staff.disabled',
        subject: 'temp@fenwickhale.test',
        by: null,
        detail: '{"via":"command line"}',
      },
      {
        action: 'staff.invited',
        subject: 'temp@fenwickhale.test',
        by: null,
        detail: '{"via":"command line"}',
      },
    ]);
  });

  it('pages staff actions and sign-in events apart, newest first, each page starting where the last ended', async () => {
    for (let i = 0; i < 15; i++) {
      await actions.blockDate();
      await actions.unblockDate();
    }
    for (const email of ['one@example.test', 'two@example.test']) {
      const { cookie, token } = await formToken(site);
      await sendTo(site, `/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url, cookie },
        body: new URLSearchParams({ emailAddress: email, p: await sha512Hex('Wrong111'), formToken: token }),
      });
    }

    const readAll = async (kind: string) => {
      const items = [];
      let query = `?kind=${kind}`;
      for (let pages = 1; ; pages++) {
        const page = await client().json(`/audit-log${query}`);
        expect(page.items.length).toBeLessThanOrEqual(pageSize);
        items.push(...page.items);
        if (!page.next) return { items, pages };
        query = `?kind=${kind}&after=${encodeURIComponent(page.next)}`;
      }
    };
    const stored = async (kind: 'staff' | 'sign-in') =>
      (
        await site.db
          .selectFrom('audit_log')
          .select(['action', 'subject'])
          .where('kind', '=', kind)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map(({ action, subject }) => `${action} ${subject}`);

    const staffActions = await readAll('staff');
    expect(staffActions.pages).toBeGreaterThan(1);
    expect(staffActions.items.map(({ action, subject }) => `${action} ${subject}`)).toEqual(
      await stored('staff'),
    );
    expect((await client().json('/audit-log')).items).toEqual(staffActions.items.slice(0, pageSize));

    const signIns = await readAll('sign-in');
    expect(signIns.items.map(({ action, subject }) => `${action} ${subject}`)).toEqual(
      await stored('sign-in'),
    );
    expect(signIns.items.slice(0, 2)).toMatchObject([
      { action: 'sign-in.failed', subject: noAccountSubject, by: null, ipAddress: '127.0.0.1' },
      { action: 'sign-in.failed', subject: noAccountSubject, by: null, ipAddress: '127.0.0.1' },
    ]);
    expect(staffActions.items.every((entry) => !entry.action.startsWith('sign-in'))).toBe(true);

    const badQueries = [
      '?kind=everything',
      '?kind=staff&order=oldest',
      `?after=${'x'.repeat(201)}`,
      '?after=garbage',
    ];
    for (const query of badQueries) {
      expect((await client().get(`/audit-log${query}`)).status, query).toBe(400);
    }
  });

  it('has no route that edits or deletes an entry', () => {
    const routes = [...site.app.routeAccess().keys()].filter((route) => route.includes('audit'));
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.every((route) => route.startsWith('GET ') || route.startsWith('HEAD '))).toBe(true);
  });

  describe('when an entry cannot be written', () => {
    const resetToken = newToken();
    beforeAll(async () => {
      await send('/staff', { name: 'Second', email: 'second@fenwickhale.test' });
      await send('/blocked-dates', { date: '2031-02-03', reason: 'Closed' });
      // A reset link the second member of staff holds, as the reset email would have brought it.
      const user = await site.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'second@fenwickhale.test')
        .executeTakeFirstOrThrow();
      await site.db
        .insertInto('password_tokens')
        .values({
          token_hash: hashToken(resetToken),
          user_id: user.id,
          purpose: 'reset',
          created_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          used_at: null,
        })
        .execute();
      await refuseAuditEntries(site, true);
    });
    afterAll(async () => refuseAuditEntries(site, false));

    const failingActions = {
      invite: () => send('/staff', { name: 'Third', email: 'third@fenwickhale.test' }),
      disable: () => send('/staff/disable', { email: 'second@fenwickhale.test' }),
      changeHours: () => send('/availability', { ...defaultAvailabilitySettings, callMinutes: 60 }, 'PUT'),
      blockDate: () => send('/blocked-dates', { date: '2031-03-03' }),
      unblockDate: () => send('/blocked-dates/2031-02-03', undefined, 'DELETE'),
      setPassword: async () => {
        const { cookie, token } = await formToken(site);
        return sendTo(site, `/reset-password`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url, cookie },
          body: new URLSearchParams({
            token: resetToken,
            p: await sha512Hex('Chosen11'),
            formToken: token,
          }),
        });
      },
    };

    for (const [name, act] of Object.entries(failingActions)) {
      it(`makes no change: ${name}`, async () => {
        const before = await snapshot(site);
        const answer = await act();
        expect(answer.status).toBe(500);
        expect(await snapshot(site)).toEqual(before);
      });
    }

    it('makes no change: sendResetLink, answered as for any address before the link is made', async () => {
      const before = await snapshot(site);
      const answer = await sendTo(site, `/send-reset-password-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url },
        body: JSON.stringify({ emailAddress: 'gwen@fenwickhale.test' }),
      });
      expect(answer.status).toBe(200);
      await waitUntil(() => errorLines.some((line) => line.includes('reset link not sent')));
      expect(await snapshot(site)).toEqual(before);
      expect(errorLines.join('\n')).not.toContain('gwen@fenwickhale.test');
    });
  });
});
