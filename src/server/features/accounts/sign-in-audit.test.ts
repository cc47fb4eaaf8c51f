import { afterAll, beforeAll, expect, it } from 'vitest';
import { noAccountSubject } from '#shared/audit.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { notice, postForm, signInFrom } from '#tests/support/sign-in-requests.ts';
import { backOfficeClient, createStaff, formToken, signedInStaff } from '#tests/support/staff.ts';
import { signInLimits } from './throttle.ts';

describeEachDatabase('the audit log of sign-ins', (database) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: 'true' } });
    await createStaff(site, 'ida@fenwickhale.test', 'Correct1');
  });
  afterAll(async () => site?.close());

  it('records each sign-in that succeeded, failed or was throttled, and each sign-out, with who and when', async () => {
    const before = new Date().toISOString();
    await signInFrom(site, 'Ida@Fenwickhale.test', 'Wrong111', '10.3.0.1');
    await signInFrom(site, 'nobody@fenwickhale.test', 'Wrong111', '10.3.0.1');
    for (let i = 0; i < signInLimits.perAccountFromAddress; i++) {
      await signInFrom(site, 'ida@fenwickhale.test', `Wrong${i}aaa`, '10.3.0.2');
    }
    expect(notice(await signInFrom(site, 'ida@fenwickhale.test', 'Correct1', '10.3.0.2'))).toBe(
      '/login?notice=wait',
    );
    const signedIn = await signInFrom(site, 'ida@fenwickhale.test', 'Correct1', '10.3.0.3');
    const session = signedIn.headers.getSetCookie()[0]?.split(';')[0] as string;
    const { cookie, token } = await formToken(site);
    const signedOut = await postForm(
      site,
      '/logout',
      { formToken: token },
      { cookie: `${cookie}; ${session}` },
    );
    expect(notice(signedOut)).toBe('/login?notice=signed-out');

    // Read by another member of staff, through the back office.
    const reader = await signedInStaff(site, 'jon@fenwickhale.test');
    const response = await send(site, `/api/back-office/audit-log?kind=sign-in`, {
      headers: { cookie: reader.cookies },
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      items: { action: string; subject: string; by: string | null; at: string; detail: string }[];
      next: string | null;
    };
    expect(page.next).toBeNull();
    const entries = page.items
      .reverse()
      .map(({ action, subject, by, detail }) => ({ action, subject, by, detail: JSON.parse(detail) }));
    expect(entries).toEqual([
      {
        action: 'sign-in.failed',
        subject: 'ida@fenwickhale.test',
        by: null,
        detail: { ipAddress: '10.3.0.1' },
      },
      {
        // An address with no account is not written down: anyone can type anyone's.
        action: 'sign-in.failed',
        subject: noAccountSubject,
        by: null,
        detail: { ipAddress: '10.3.0.1' },
      },
      ...Array.from({ length: signInLimits.perAccountFromAddress }, () => ({
        action: 'sign-in.failed',
        subject: 'ida@fenwickhale.test',
        by: null,
        detail: { ipAddress: '10.3.0.2' },
      })),
      {
        action: 'sign-in.throttled',
        subject: 'ida@fenwickhale.test',
        by: null,
        detail: {
          ipAddress: '10.3.0.2',
          reason: 'too many failures on this account from this address: it must wait',
          until: expect.any(String),
        },
      },
      {
        action: 'sign-in.succeeded',
        subject: 'ida@fenwickhale.test',
        by: 'ida@fenwickhale.test',
        detail: { session: 'browser', ipAddress: '10.3.0.3' },
      },
      { action: 'signed-out', subject: 'ida@fenwickhale.test', by: 'ida@fenwickhale.test', detail: {} },
      {
        action: 'sign-in.succeeded',
        subject: 'jon@fenwickhale.test',
        by: 'jon@fenwickhale.test',
        detail: { session: 'browser', ipAddress: '127.0.0.1' },
      },
    ]);
    const audit = await site.db
      .selectFrom('audit_log')
      .select('created_at')
      .where('kind', '=', 'sign-in')
      .execute();
    for (const { created_at } of audit) {
      expect(created_at >= before && created_at <= new Date().toISOString()).toBe(true);
    }
  });

  it('keeps staff actions in sight however many refused sign-ins anyone sends', async () => {
    const reader = backOfficeClient(site, await signedInStaff(site, 'kit@fenwickhale.test'));
    expect(
      (await reader.send('/staff', { name: 'New Clerk', email: 'new.clerk@fenwickhale.test' })).status,
    ).toBe(201);
    // An account under attack from ten addresses; then one address sends 200 attempts without a proof.
    await createStaff(site, 'lee@fenwickhale.test', 'Correct1');
    for (let i = 0; i < signInLimits.perAccountBeforeProof; i++) {
      await signInFrom(site, 'lee@fenwickhale.test', `Wrong${i}aaa`, `10.5.0.${i}`);
    }
    for (let i = 0; i < 200; i++) {
      const refused = await signInFrom(site, 'lee@fenwickhale.test', `Guess${i}aaa`, '10.5.1.1');
      expect(notice(refused)).toBe('/login?notice=proof-of-work');
    }

    const staffActions = await reader.json('/audit-log');
    expect(staffActions.items[0]).toMatchObject({
      action: 'staff.invited',
      subject: 'new.clerk@fenwickhale.test',
      by: 'kit@fenwickhale.test',
    });
    const signIns = await reader.json('/audit-log?kind=sign-in');
    const aboutLee = signIns.items.filter(
      (entry: { subject: string }) => entry.subject === 'lee@fenwickhale.test',
    );
    expect(aboutLee.map((entry: { action: string }) => entry.action)).toEqual([
      'sign-in.throttled',
      ...Array(signInLimits.perAccountBeforeProof).fill('sign-in.failed'),
    ]);
    expect(aboutLee[0].ipAddress).toBe('10.5.0.9');
  });
});
