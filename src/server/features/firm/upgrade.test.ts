import { expect, it } from 'vitest';
import { unescapeHtml } from '#shared/html.ts';
import { startTestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { databaseMigratedTo } from '#tests/support/migrated-database.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

/** The firm as the first version that stored it (migration 025) wrote it: none of the fields added since. */
const storedByTheFirstVersion = {
  tradingName: 'O’Brien & Marsh',
  legalName: "O'Brien & Marsh (Leeds) Ltd",
  tagline: 'Accountants for Leeds’ makers, shops & cafés',
  companyNumber: '12345678',
  vatNumber: 'GB 312 4567 79',
  auditRegistration: '',
  registeredOffice: { street: '3 Park Row', town: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 5HD' },
  phone: '0113 496 0000',
  email: 'hello@obrienmarsh.example',
  regulator: '',
  openingHours: { days: ['Monday', 'Tuesday'], opens: '08:30', closes: '17:30' },
  areasServed: ['Leeds'],
  icoRegistration: 'ZA654321',
  replyPromise: 'two working hours',
  senderName: 'O’Brien & Marsh',
  noticesEmail: 'office@obrienmarsh.example',
  referencePrefix: 'OM',
  priceRange: '£££',
};

describeEachDatabase('an upgrade of a site whose firm is set up', (kind) => {
  const older = databaseMigratedTo(kind, '025-firm');

  it('keeps the firm’s details as they were, and serves them, once today’s code has migrated the database', async () => {
    await older.db
      .insertInto('firm')
      .values({
        id: 1,
        details: JSON.stringify(storedByTheFirstVersion),
        version: 3,
        updated_at: '2026-11-20T09:00:00.000Z',
      })
      .execute();
    const site = await startTestApp({ databaseUrl: older.database.url });
    try {
      const owner = backOfficeClient(site, await signedInStaff(site, 'partner@obrienmarsh.example'));
      const { details, version } = await owner.json('/firm');
      expect(version).toBe(3);
      // What the firm saved is as it was; what came later starts at its default.
      expect(details).toEqual({
        ...storedByTheFirstVersion,
        quotePromise: 'two working days',
        accreditations: [],
        socialLinks: [],
        offices: [],
        colours: { brand: '#0b5563', accent: '#b8441f' },
        typeface: 'figtree',
        facts: [],
        questionnaire: { wording: {}, own: [] },
      });
      const home = unescapeHtml(await (await send(site, '/')).text());
      expect(home).toContain('O’Brien & Marsh');
      expect(home).not.toContain('Fenwick');
    } finally {
      await site.close();
    }
  });
});
