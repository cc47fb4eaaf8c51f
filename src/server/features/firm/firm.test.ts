import { expect, it } from 'vitest';
import { auditSentence } from '#shared/audit-sentence.ts';
import { type FirmDetails, firmDetailsSchema } from '#shared/firm-details.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { obrienAndMarsh } from '#tests/support/firms.ts';
import { freshDatabaseEachTest } from '#tests/support/migrated-database.ts';
import { demoFirmDetails, loadDemoFirm } from './demo-firm.ts';
import { LiveFirm } from './live-firm.ts';
import { loadFirm, saveFirm } from './repository.ts';

const details: FirmDetails = firmDetailsSchema.parse(obrienAndMarsh);
const now = new Date('2026-11-29T10:00:00Z');

describeEachDatabase('the firm’s details as stored', (kind) => {
  const current = freshDatabaseEachTest(kind);

  it('holds none on a new site, then what was saved, names and all, with its version', async () => {
    expect(await loadFirm(current.db)).toBeUndefined();
    expect(await saveFirm(current.db, details, { basedOn: null, by: null, now })).toEqual({
      saved: true,
      version: 1,
    });
    expect(await loadFirm(current.db)).toEqual({
      details,
      version: 1,
      updatedAt: now.toISOString(),
      stamp: '1///',
    });
  });

  it('keeps its version when saved unchanged, so no other editor is refused for nothing', async () => {
    await saveFirm(current.db, details, { basedOn: null, by: null, now });
    expect(await saveFirm(current.db, details, { basedOn: 1, by: null, now })).toEqual({
      saved: true,
      version: 1,
    });
    const audited = await current.db.selectFrom('audit_log').select('action').execute();
    expect(audited).toHaveLength(1);
  });

  it('saves nothing from an older version, so the second of two editors is told', async () => {
    await saveFirm(current.db, details, { basedOn: null, by: null, now });
    const first = { ...details, phone: '0113 496 0001' };
    const second = { ...details, tradingName: 'Marsh & Co' };
    const saves = await Promise.all([
      saveFirm(current.db, first, { basedOn: 1, by: null, now }),
      saveFirm(current.db, second, { basedOn: 1, by: null, now }),
    ]);
    expect(saves.filter((save) => save.saved)).toHaveLength(1);
    expect(await saveFirm(current.db, details, { basedOn: null, by: null, now })).toEqual({ saved: false });
    const stored = await loadFirm(current.db);
    expect(stored?.version).toBe(2);
    expect([first, second]).toContainEqual(stored?.details);
  });

  it('records who changed which fields in the audit log', async () => {
    await saveFirm(current.db, details, { basedOn: null, by: null, now });
    const moved = {
      ...details,
      phone: '0113 496 0001',
      registeredOffice: { ...details.registeredOffice, street: '4 Park Row' },
    };
    await saveFirm(current.db, moved, { basedOn: 1, by: null, now });
    const entries = await current.db
      .selectFrom('audit_log')
      .select(['action', 'subject', 'detail', 'created_at'])
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => JSON.parse(entry.detail).fields)).toEqual([
      [
        'Trading name',
        'Legal name',
        'Strapline',
        'Company or LLP number',
        'VAT number',
        'Audit registration number',
        'Registered office',
        'Phone',
        'Other offices',
        'Email address',
        'Professional body and registration',
        'Opening hours',
        'Areas served',
        'ICO registration number',
        'How soon you reply',
        'How soon you quote',
        'Accreditations',
        'Social media pages',
        'Colours',
        'Typeface',
        'Facts about the firm',
        'Sender name',
        'Address that receives notices',
        'Reference prefix',
        'Price range',
        'Questionnaire',
      ],
      ['Registered office', 'Phone'],
    ]);
    const last = entries.at(-1);
    expect(
      auditSentence({
        action: 'firm.changed',
        subject: 'firm',
        by: 'partner@obrienmarsh.example',
        detail: last?.detail ?? '{}',
      }),
    ).toBe("partner@obrienmarsh.example changed the firm's details: Registered office, Phone");
  });
});

describeEachDatabase('the demo firm', (kind) => {
  const current = freshDatabaseEachTest(kind);

  it('is loaded into a site with no firm, and never over a firm’s own details', async () => {
    expect(await loadDemoFirm(current.db, now)).toBe('loaded');
    expect((await loadFirm(current.db))?.details.tradingName).toBe('Fenwick & Hale');
    const own = { ...demoFirmDetails(), tradingName: 'O’Brien & Marsh' };
    await saveFirm(current.db, own, { basedOn: 1, by: null, now });
    expect(await loadDemoFirm(current.db, now)).toBe('kept');
    expect(await loadFirm(current.db)).toMatchObject({ details: own, version: 2 });
  });
});

describeEachDatabase('the firm’s details on every instance', (kind) => {
  const current = freshDatabaseEachTest(kind);

  it('are seen by another instance at its next check, which tells its listeners once', async () => {
    const here = new LiveFirm(current.db, new URL('https://example.test'));
    const there = new LiveFirm(current.db, new URL('https://example.test'));
    await Promise.all([here.refresh(), there.refresh()]);
    expect(there.current).toBeUndefined();
    const seen: (string | undefined)[] = [];
    there.onChange((firm) => {
      seen.push(firm?.details.tradingName);
    });

    await saveFirm(current.db, details, { basedOn: null, by: null, now });
    await here.refresh();
    expect(here.current?.details).toEqual(details);
    expect(await there.refreshIfChanged()).toBe(true);
    expect(await there.refreshIfChanged()).toBe(false);
    expect(there.current).toEqual(here.current);

    await saveFirm(current.db, { ...details, tradingName: 'Marsh & Co' }, { basedOn: 1, by: null, now });
    expect(await there.refreshIfChanged()).toBe(true);
    expect(seen).toEqual(['O’Brien & Marsh', 'Marsh & Co']);
  });
});
