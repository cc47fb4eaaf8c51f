import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { defaultAvailabilitySettings } from '#shared/booking-settings.ts';
import { emailMessages } from '#shared/email.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

// What staff are told when the settings, staff, audit and data-protection endpoints refuse what was sent:
// each refusal in the words the back office shows, and nothing changed.

let site: TestApp;
let staff: { cookies: string; token: string };

beforeAll(async () => {
  site = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  staff = await signedInStaff(site, 'gwen@fenwickhale.test');
});
afterAll(async () => site?.close());

const client = () => backOfficeClient(site, staff);
const auditEntries = () => site.db.selectFrom('audit_log').select('id').execute();

/** Sends each body and answers [status, errorMessages] for each, checking no audit entry was written. */
async function refusals(path: string, bodies: unknown[], method = 'POST') {
  const before = await auditEntries();
  const answers = [];
  for (const body of bodies) {
    const response = await client().send(path, body, method);
    answers.push([response.status, (await response.json()).errorMessages]);
  }
  expect(await auditEntries()).toEqual(before);
  return answers;
}

describe('refusals in the back office', () => {
  it('names the setting that is wrong in words: the day, the period and the problem, never its key', async () => {
    const withHours = (day: string, periods: unknown) => ({
      ...defaultAvailabilitySettings,
      workingHours: { ...defaultAvailabilitySettings.workingHours, [day]: periods },
    });
    expect(
      await refusals(
        '/availability',
        [
          withHours('wednesday', [{ start: '09.00', end: '17:00' }]),
          withHours('monday', [
            { start: '09:00', end: '12:00' },
            { start: '13:00', end: '5pm' },
          ]),
          withHours('monday', [{ start: '17:00', end: '09:00' }]),
          withHours('friday', ['all day']),
          { ...defaultAvailabilitySettings, timeZone: '+01:00' },
          { ...defaultAvailabilitySettings, callMinutes: 5 },
          { ...defaultAvailabilitySettings, maxDaysOffered: 1.5 },
          { ...defaultAvailabilitySettings, timeZone: 'Mars/Olympus' },
        ],
        'PUT',
      ),
    ).toEqual([
      [422, ['Wednesday, first period: use a time like 09:00 for its start']],
      [422, ['Monday, second period: use a time like 09:00 for its end']],
      [422, ['Monday: each period must end after it starts']],
      [422, ['Friday, first period: give a start and an end time']],
      [422, ['Time zone: choose a time zone from the list, such as Europe/London']],
      [422, ['Call length: use a whole number of minutes from 10 to 240']],
      [422, ['Days ahead offered: use a whole number of days from 0 to 366, or 0 for no limit']],
      [422, ['Time zone: choose a time zone from the list, such as Europe/London']],
    ]);
  });

  it('says once what a blocked date needs, whatever is wrong with it', async () => {
    expect(
      await refusals('/blocked-dates', [
        { date: '2031-02-30' },
        { date: 'soon', reason: 'x'.repeat(201) },
        { date: '2031-01-06', reason: 'Closed\u0007' },
        { date: '2031-01-06', colour: 'red' },
        { date: '2031-01-06', reason: 'Closed\nfor training' },
        undefined,
      ]),
    ).toEqual(Array(6).fill([422, [backOfficeMessages.blockedDate]]));
  });

  it('asks for an email address, or says what is wrong with the one given or beside it, when inviting, disabling, exporting or erasing', async () => {
    for (const path of ['/staff', '/staff/disable', '/data-protection/export', '/data-protection/erase']) {
      // An invitation names the person too: given, so that only the address is wrong.
      const named = path === '/staff' ? { name: 'Someone' } : {};
      expect(
        await refusals(path, [
          { ...named, email: 'nobody' },
          { ...named, email: '   ' },
          { ...named, email: 42 },
          { ...named, email: 'someone@example.test', colour: 'blue' },
          { ...named, email: `${'a'.repeat(250)}@example.test` },
          undefined,
        ]),
        path,
      ).toEqual([
        [422, [emailMessages.invalid]],
        [422, [emailMessages.missing]],
        [422, [backOfficeMessages.email]],
        [422, ['Unexpected field: colour']],
        [422, [backOfficeMessages.email]],
        [422, [backOfficeMessages.email]],
      ]);
    }
  });

  it('answers 400 naming the first audit log filter it cannot read', async () => {
    const cases = {
      '?kind=everything': 'kind',
      '?kind=everything&after=garbage': 'kind',
      '?after=garbage': 'after',
      [`?after=${'x'.repeat(201)}`]: 'after',
      '?kind=staff&order=oldest': 'list',
    };
    for (const [query, filter] of Object.entries(cases)) {
      const response = await client().get(`/audit-log${query}`);
      expect([query, response.status, (await response.json()).errorMessages]).toEqual([
        query,
        400,
        [backOfficeMessages.filter(filter)],
      ]);
    }
  });
});
