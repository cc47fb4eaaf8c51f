import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post, quote } from '#tests/support/enquiries.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, signedInStaff, signInThroughLogin } from '#tests/support/staff.ts';

type Session = { cookies: string; token: string };
const minute = 60_000;

describeEachDatabase('the count of leads new since your last visit', (database) => {
  let site: TestApp;
  // The app's clock, moved on by the tests; it starts now, so the booking calendar offers its real days.
  let clock = new Date();
  const wait = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    site = await startTestApp({
      database,
      env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none' },
      clock: () => clock,
    });
  });
  afterAll(async () => site?.close());

  /** Opens the back office's page in the browser that holds `session`. */
  const openBackOffice = async (session: Session) => {
    const page = await send(site, '/back-office/enquiries', { headers: { cookie: session.cookies } });
    expect(page.status).toBe(200);
  };
  const newSinceLastVisit = async (session: Session) =>
    (await backOfficeClient(site, session).json('/new-since-last-visit')) as { count: number; since: string };

  const sendEnquiry = (email: string) =>
    post(site, '/contact-us-send', { ...contact(email), recToken: 'none' });

  /** One lead of each kind the navigation counts: a contact enquiry, a quote request, an application, a call. */
  const oneLeadOfEachKind = async (email: string) => {
    expect((await sendEnquiry(email)).status).toBe(201);
    expect((await post(site, '/show-contact-send', { ...quote(email), recToken: 'none' })).status).toBe(201);
    expect(
      (await post(site, '/forms/application-form', { ...validApplication, emailAddress: email })).status,
    ).toBe(201);
    const { date, slots } = await firstBookableDate(site.url);
    const slot = slots[slots.length - 1];
    if (!slot) throw new Error('No free slot');
    expect((await postBooking(site.url, buildBookCallPayload(date, slot, email))).status).toBe(201);
  };

  it('counts every kind of lead received since the last visit, keeps the count on a reload, and starts again on the next visit', async () => {
    const gwen = await signedInStaff(site, 'gwen@fenwickhale.test');
    // Before a first visit there is nothing to count from.
    expect(await newSinceLastVisit(gwen)).toEqual({ count: 0, since: null });
    await openBackOffice(gwen);
    const firstVisitBegan = clock.toISOString();
    expect(await newSinceLastVisit(gwen)).toEqual({ count: 0, since: firstVisitBegan });

    wait(minute);
    await oneLeadOfEachKind('amira@example.test');
    // A mailing-list sign-up asks nothing of the firm: not counted.
    expect(
      (await post(site, '/subscribe', { emailAddress: 'reader@example.test', submitMethod: '2' })).status,
    ).toBe(200);
    expect((await newSinceLastVisit(gwen)).count).toBe(4);

    // Reloading, and working on for longer than the idle time while asking for the count, is one visit.
    wait(20 * minute);
    await openBackOffice(gwen);
    expect((await newSinceLastVisit(gwen)).count).toBe(4);
    wait(20 * minute);
    await openBackOffice(gwen);
    expect((await newSinceLastVisit(gwen)).count).toBe(4);
    const lastUsed = clock.toISOString();

    // Half an hour away: the next opening is a new visit, counting from where the last one ended.
    wait(31 * minute);
    await openBackOffice(gwen);
    expect(await newSinceLastVisit(gwen)).toEqual({ count: 0, since: lastUsed });

    wait(minute);
    expect((await sendEnquiry('bryn@example.test')).status).toBe(201);
    expect((await newSinceLastVisit(gwen)).count).toBe(1);

    // Signing in again, however soon, is a new visit too.
    wait(minute);
    const again = await signInThroughLogin(site, 'gwen@fenwickhale.test', 'Correct1');
    await openBackOffice(again);
    expect((await newSinceLastVisit(again)).count).toBe(0);
  });

  it('keeps each member of staff’s visits their own', async () => {
    const dara = await signedInStaff(site, 'dara@fenwickhale.test', 'staff');
    await openBackOffice(dara);
    wait(minute);
    expect((await sendEnquiry('cai@example.test')).status).toBe(201);
    const gwen = await signInThroughLogin(site, 'gwen@fenwickhale.test', 'Correct1');
    // Gwen's new visit counts from her last one; Dara's from the start of hers.
    await openBackOffice(gwen);
    expect((await newSinceLastVisit(gwen)).count).toBe(1);
    expect((await newSinceLastVisit(dara)).count).toBe(1);
    wait(31 * minute);
    await openBackOffice(dara);
    expect((await newSinceLastVisit(dara)).count).toBe(0);
    expect((await newSinceLastVisit(gwen)).count).toBe(1);
  });

  it('is refused without a session', async () => {
    expect((await send(site, '/api/back-office/new-since-last-visit')).status).toBe(401);
  });
});
