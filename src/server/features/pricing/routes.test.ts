import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditSentence } from '#shared/audit-sentence.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { priceServices } from '#shared/pricing.ts';
import { starterPriceList } from '#shared/starter-price-list.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

describeEachDatabase('the firm’s price list', (database) => {
  let site: TestApp;
  let owner: ReturnType<typeof backOfficeClient>;
  let staff: ReturnType<typeof backOfficeClient>;

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
    owner = backOfficeClient(site, await signedInStaff(site, 'olive@fenwickhale.test', 'owner'));
    staff = backOfficeClient(site, await signedInStaff(site, 'sam@fenwickhale.test', 'staff'));
  });
  afterAll(async () => site?.close());

  const versions = async () => (await site.db.selectFrom('price_lists').select('id').execute()).length;

  it('makes no version of the starter list saved unchanged, and says so', async () => {
    const answer = await owner.send('/price-list', { basedOn: null, priceList: starterPriceList }, 'PUT');
    expect([answer.status, (await answer.json()).infoMessages]).toEqual([
      200,
      ['Nothing has changed from the starting point: change a price, then save.'],
    ]);
    expect(await versions()).toBe(0);
  });

  it('starts from the starter list, which an owner saves a version of at a time, each priced from as saved', async () => {
    expect(await staff.json('/price-list')).toEqual({ version: null, priceList: starterPriceList });

    const dearer = structuredClone(starterPriceList);
    const bookkeeping = dearer.services.find((service) => service.key === 'bookkeeping');
    if (bookkeeping) bookkeeping.base = 12_500;
    const refused = await staff.send('/price-list', { basedOn: null, priceList: dearer }, 'PUT');
    expect([refused.status, (await refused.json()).errorMessages]).toEqual([
      403,
      [backOfficeMessages.ownersOnly],
    ]);

    const saved = await owner.send('/price-list', { basedOn: null, priceList: dearer }, 'PUT');
    expect([saved.status, (await saved.json()).infoMessages]).toEqual([
      200,
      [backOfficeMessages.priceListSaved],
    ]);
    const { version, priceList } = await staff.json('/price-list');
    expect(version).toEqual(expect.any(Number));
    expect(priceServices(priceList, ['bookkeeping'], { transactions: 100 }).services[0]?.fee).toBe(12_500);

    // Saved from a version no longer the newest: refused, whoever saved since.
    const stale = await owner.send('/price-list', { basedOn: null, priceList: starterPriceList }, 'PUT');
    expect([stale.status, (await stale.json()).errorMessages]).toEqual([
      409,
      [backOfficeMessages.priceListMoved],
    ]);
    // Two owners saving from one version at once: one version follows it, not two.
    const both = await Promise.all(
      [1, 2].map(() => owner.send('/price-list', { basedOn: version, priceList: starterPriceList }, 'PUT')),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await site.db.selectFrom('price_lists').select('id').execute()).map((row) => row.id).length).toBe(
      2,
    );

    const log = await owner.json('/audit-log');
    expect(auditSentence(log.items[0])).toMatch(
      /^olive@fenwickhale\.test saved version \d+ of the price list$/,
    );
  });

  it('refuses a price list whose rules name a driver or option it does not have, or a fraction of a penny', async () => {
    const { version } = await owner.json('/price-list');
    const broken = structuredClone(starterPriceList);
    broken.services[1]?.rules.push({ kind: 'option', driver: 'entity', option: 'charity', add: 100 });
    const refused = await owner.send('/price-list', { basedOn: version, priceList: broken }, 'PUT');
    expect([refused.status, (await refused.json()).errorMessages]).toEqual([
      422,
      ['Year-end accounts: a rule names a driver or option the price list does not have'],
    ]);
    const halfPenny = structuredClone(starterPriceList);
    if (halfPenny.services[0]) halfPenny.services[0].base = 90.5;
    const half = await owner.send('/price-list', { basedOn: version, priceList: halfPenny }, 'PUT');
    expect([half.status, (await half.json()).errorMessages]).toEqual([
      422,
      [backOfficeMessages.priceListUnreadable],
    ]);
    expect((await owner.json('/price-list')).version).toBe(version);
  });

  it('makes no new version when nothing has changed since the newest, its keys in any order', async () => {
    const { version, priceList } = await owner.json('/price-list');
    const before = await versions();
    // The same list, each object's keys sent in the opposite order: still nothing changed.
    const reversed = JSON.parse(JSON.stringify(priceList), (_key, value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).reverse())
        : value,
    );
    const answer = await owner.send('/price-list', { basedOn: version, priceList: reversed }, 'PUT');
    expect([answer.status, (await answer.json()).infoMessages]).toEqual([
      200,
      [`Nothing has changed since version ${version}.`],
    ]);
    expect([await versions(), (await owner.json('/price-list')).version]).toEqual([before, version]);

    // One penny's difference is a change.
    const penny = structuredClone(priceList);
    penny.services[0].base += 1;
    const saved = await owner.send('/price-list', { basedOn: version, priceList: penny }, 'PUT');
    expect([saved.status, (await saved.json()).infoMessages]).toEqual([
      200,
      [backOfficeMessages.priceListSaved],
    ]);
    expect(await versions()).toBe(before + 1);
  });
});
