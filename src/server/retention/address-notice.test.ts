import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditAddressKeptDays, requestLogKeptDays } from '#shared/address-retention.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';

// The privacy notice names how long internet addresses are kept apart from the records they belong to:
// the request log (the operator keeps it for the period docs/operations.md recommends), the audit log
// (ip-addresses.test.ts proves the job keeps to it) and the sign-in throttles.

let site: TestApp;
beforeAll(async () => {
  site = await startTestApp();
});
afterAll(() => site?.close());

it('names the periods the logs and the retention job keep internet addresses for', async () => {
  const html = await (await fetch(`${site.url}/privacy`)).text();
  const text = html.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;|&apos;/g, "'");
  expect(requestLogKeptDays).toBe(14);
  expect(auditAddressKeptDays).toBe(90);
  expect(text).toContain(
    "Our web server's log of visits holds no internet address in full, only the block of addresses it belongs to",
  );
  expect(text).toContain('and is kept for 14 days');
  expect(text).toContain('is removed from our security log after 90 days');
  expect(text).toContain('deleted a day after its last failed attempt');
});
