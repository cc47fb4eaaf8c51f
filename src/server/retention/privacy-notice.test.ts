import { afterEach, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';

// The privacy notice states the retention period the job keeps to: RETENTION_MONTHS, in words.

let site: TestApp | undefined;
afterEach(async () => site?.close());

const notice = async (env: Record<string, string>) => {
  site = await startTestApp({ env });
  return (await fetch(`${site.url}/privacy`)).text();
};

it('shows the figure from RETENTION_MONTHS', async () => {
  const html = await notice({ RETENTION_MONTHS: '18' });
  expect(html).toContain('did not lead to an engagement are deleted 18 months after we last dealt with them');
  expect(html).not.toContain('%RETENTION_PERIOD%');
});

it('says two years when RETENTION_MONTHS is not set', async () => {
  expect(await notice({})).toContain('are deleted two years after we last dealt with them');
});
