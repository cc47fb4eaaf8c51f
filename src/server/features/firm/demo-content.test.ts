import { afterAll, beforeAll, expect, it } from 'vitest';
import { firmMessages } from '#shared/api/back-office-firm.ts';
import { unescapeHtml } from '#shared/html.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

// A firm that starts from the demo seed and makes the details its own is told what of Fenwick & Hale the
// site still shows (its logo, its figures, its people on the pages), and removes it in one step.

let site: TestApp;
let owner: ReturnType<typeof backOfficeClient>;
beforeAll(async () => {
  site = await startTestApp({});
  owner = backOfficeClient(site, await signedInStaff(site, 'priya@pryceokafor.example'));
});
afterAll(() => site?.close());

const words = async (path: string) =>
  unescapeHtml((await (await send(site, path)).text()).replaceAll('<!-- -->', ''));

it('names what of the demo firm the site still shows after a rename, and removes all of it at once', async () => {
  const { details, version } = await owner.json('/firm');
  const renamed = await owner.send(
    '/firm',
    {
      details: { ...details, tradingName: 'Pryce & Okafor', legalName: 'Pryce & Okafor LLP' },
      basedOn: version,
    },
    'PUT',
  );
  expect(renamed.status).toBe(200);
  expect((await owner.json('/firm')).demoLeftovers).toEqual(['logo', 'facts', 'team', 'reviews']);
  expect(await words('/about')).toContain('Helen Fenwick');

  const cleared = await owner.send('/firm/demo-content', undefined, 'DELETE');
  expect((await cleared.json()).infoMessages).toEqual([firmMessages.demoCleared]);
  const after = await owner.json('/firm');
  expect([after.demoLeftovers, after.logo, after.details.tradingName]).toEqual([[], null, 'Pryce & Okafor']);
  for (const path of ['/', '/about']) {
    const text = await words(path);
    for (const demo of ['Helen Fenwick', 'Owen & Price Joinery', 'founded in Shrewsbury'])
      expect(text, path).not.toContain(demo);
  }
  const again = await owner.send('/firm/demo-content', undefined, 'DELETE');
  expect((await again.json()).infoMessages).toEqual([firmMessages.nothingOfTheDemo]);
  const { items } = await owner.json('/audit-log');
  // The about page and the home page, each published again without the demo firm's people.
  expect(
    items.slice(0, 4).map((entry: { action: string; subject: string }) => [entry.action, entry.subject]),
  ).toEqual([
    ['page.published', '/about'],
    ['page.published', '/'],
    ['firm.logo-removed', 'firm'],
    ['firm.changed', 'firm'],
  ]);
});
