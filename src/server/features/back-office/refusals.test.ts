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
  it('names the setting that is wrong by its place, and the day whose periods are back to front', async () => {
    const withMonday = (monday: unknown) => ({
      ...defaultAvailabilitySettings,
      workingHours: { ...defaultAvailabilitySettings.workingHours, monday },
    });
    expect(
      await refusals(
        '/availability',
        [
          withMonday([{ start: '09.00', end: '17:00' }]),
          withMonday([{ start: '17:00', end: '09:00' }]),
          { ...defaultAvailabilitySettings, ignoreDays: ['someday'] },
        ],
        'PUT',
      ),
    ).toEqual([
      [422, ['workingHours monday 0 start: Use a 24-hour time such as 09:00']],
      [422, ['workingHours monday: Each period must end after it starts']],
      [422, [expect.stringMatching(/^ignoreDays 0: /)]],
    ]);
  });

  it('says once what a blocked date needs, whatever is wrong with it', async () => {
    expect(
      await refusals('/blocked-dates', [
        { date: '2031-02-30' },
        { date: 'soon', reason: 'x'.repeat(201) },
        { date: '2031-01-06', reason: 'Closed\u0007' },
        { date: '2031-01-06', colour: 'red' },
        undefined,
      ]),
    ).toEqual(Array(5).fill([422, [backOfficeMessages.blockedDate]]));
  });

  it('asks for an email address, or says what is wrong with the one given or beside it, when inviting, disabling, exporting or erasing', async () => {
    for (const path of ['/staff', '/staff/disable', '/data-protection/export', '/data-protection/erase']) {
      expect(
        await refusals(path, [
          { email: 'nobody' },
          { email: '   ' },
          { email: 42 },
          { email: 'someone@example.test', name: 'Someone' },
          { email: `${'a'.repeat(250)}@example.test` },
          undefined,
        ]),
        path,
      ).toEqual([
        [422, [emailMessages.invalid]],
        [422, [emailMessages.missing]],
        [422, [backOfficeMessages.email]],
        [422, ['Unexpected field: name']],
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
