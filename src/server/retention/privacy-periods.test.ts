import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';

// The privacy notice states each period the retention job keeps to (subscriptions.test.ts,
// advisers-diaries.test.ts, retention.test.ts, mail/mail-files.test.ts and mail/recipient-cap.test.ts prove
// them on a fixed clock).

let site: TestApp;
beforeAll(async () => {
  site = await startTestApp();
});
afterAll(async () => site?.close());

it('says what is kept of a call, of emails and of an unsubscribed or lapsed newsletter sign-up, and for how long', async () => {
  const html = (await (await fetch(`${site.url}/privacy`)).text()).replaceAll('&#x27;', '’');
  expect(html).toContain(
    'When the details of a call you booked are deleted, so is the entry in our adviser’s calendar that names you.',
  );
  expect(html).toContain(
    'We keep a record of the emails we send you, and of those we send our staff about you, for 30 days after they are sent; then it is deleted, or at once if you ask us to delete your details.',
  );
  expect(html).toContain(
    'When you unsubscribe from the newsletter, we keep only the record of your consent (when and where you signed up, the words you agreed to, when you confirmed and when you unsubscribed): the list of newsletters we sent you goes.',
  );
  expect(html).toContain(
    'If you sign up again and do not confirm within 30 days, that sign-up is deleted and your earlier record of consent is kept as before.',
  );
  expect(html).toContain('the record of your consent for six years after you unsubscribe');
  // recipient-cap.test.ts proves the count goes with its day.
  expect(html).toContain(
    'we count the emails they send to each address in a day, holding the address only in a scrambled form that cannot be read back, and delete the count when the day is over.',
  );
});
