import { expect, it } from 'vitest';
import { auditSentence } from '#shared/audit-sentence.ts';
import { paragraph } from '#shared/rich-text.ts';
import type { PageDocument } from '#shared/sections.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { freshDatabaseEachTest } from '#tests/support/migrated-database.ts';
import { addBuiltInPages } from './built-in-pages.ts';
import { loadLivePages, loadLivePagesStamp } from './live-pages.ts';
import { pagesService } from './service.ts';

const start = new Date('2026-11-29T10:00:00Z');
const landlords = { title: 'Accountants for landlords', description: 'Rental accounts in Leeds.' };
const withText = (text: string): PageDocument => ({
  ...landlords,
  sections: [{ id: 'intro', type: 'rich-text', heading: 'Landlords', body: [paragraph(text)] }],
});

describeEachDatabase('the firm’s pages as stored', (kind) => {
  const current = freshDatabaseEachTest(kind);
  let clock = start;
  const service = () =>
    pagesService(current.db, { isTaken: (path) => ['/contact', '/login'].includes(path), now: () => clock });

  it('starts a page as a draft that visitors do not see, at an address no other part of the site holds', async () => {
    const pages = service();
    expect(await pages.create('/contact', landlords, null)).toEqual({ created: false });
    const made = await pages.create('/landlords', landlords, null);
    expect(made).toEqual({ created: true, id: expect.any(Number) });
    expect(await pages.create('/landlords', landlords, null)).toEqual({ created: false });
    expect(await pages.list()).toEqual([
      {
        id: expect.any(Number),
        path: '/landlords',
        title: landlords.title,
        nav: 'none',
        navLabel: '',
        navOrder: 0,
        builtIn: false,
        live: null,
        draftDiffers: true,
        publishAt: null,
      },
    ]);
    expect((await loadLivePages(current.db)).pages).toEqual([]);
  });

  it('saves a draft from the version read, and tells the second of two editors', async () => {
    const pages = service();
    const made = await pages.create('/landlords', landlords, null);
    if (!made.created) throw new Error('not created');
    expect(await pages.saveDraft(made.id, withText('First'), 1, null)).toEqual({
      saved: true,
      draftVersion: 2,
    });
    // The second editor read version 1 too: refused, and the first editor's words stay.
    expect(await pages.saveDraft(made.id, withText('Second'), 1, null)).toEqual({
      saved: false,
      reason: 'conflict',
    });
    // The same document again changes nothing, not even the version.
    expect(await pages.saveDraft(made.id, withText('First'), 2, null)).toEqual({
      saved: true,
      draftVersion: 2,
    });
    expect((await pages.read(made.id))?.draft).toEqual(withText('First'));
    expect(await pages.saveDraft(9999, withText('x'), 1, null)).toEqual({ saved: false, reason: 'no-page' });
  });

  it('publishes the draft as read, keeps every version, and restores one into the draft', async () => {
    const pages = service();
    const made = await pages.create('/landlords', landlords, null);
    if (!made.created) throw new Error('not created');
    await pages.saveDraft(made.id, withText('First'), 1, null);
    expect(await pages.publish(made.id, { basedOn: 1, by: null })).toBe('conflict');
    expect(await pages.publish(made.id, { basedOn: 2, by: null })).toBe('published');
    expect(await pages.publish(made.id, { basedOn: 2, by: null })).toBe('unchanged');
    await pages.saveDraft(made.id, withText('Second'), 2, null);
    clock = new Date(start.getTime() + 60_000);
    expect(await pages.publish(made.id, { basedOn: 3, by: null })).toBe('published');

    const live = await loadLivePages(current.db);
    expect(live.pages.map((page) => [page.path, page.number, page.document])).toEqual([
      ['/landlords', 2, withText('Second')],
    ]);
    const page = await pages.read(made.id);
    expect(page?.revisions.map((revision) => revision.number)).toEqual([2, 1]);
    expect(page?.live).toEqual({ number: 2, publishedAt: clock.toISOString() });
    expect((await pages.revision(made.id, 1))?.document).toEqual(withText('First'));

    expect(await pages.restore(made.id, 1, 3, null)).toEqual({ saved: true, draftVersion: 4 });
    expect((await pages.read(made.id))?.draftDiffers).toBe(true);
    expect((await loadLivePages(current.db)).pages[0]?.document).toEqual(withText('Second'));
    expect(await pages.restore(made.id, 7, 4, null)).toEqual({ saved: false, reason: 'no-revision' });
  });

  it('publishes at the time an owner chose the draft as it was then, not what was typed since', async () => {
    const pages = service();
    const made = await pages.create('/landlords', landlords, null);
    if (!made.created) throw new Error('not created');
    await pages.saveDraft(made.id, withText('Approved'), 1, null);
    const at = new Date(start.getTime() + 3_600_000);
    expect(await pages.publish(made.id, { basedOn: 2, at, by: null })).toBe('scheduled');
    // A member of staff changes the draft meanwhile: not what the owner scheduled.
    await pages.saveDraft(made.id, withText('Not approved'), 2, null);
    expect(await pages.publishDue()).toBe(0);
    expect((await pages.list())[0]?.publishAt).toBe(at.toISOString());
    clock = at;
    expect(await pages.publishDue()).toBe(1);
    expect((await loadLivePages(current.db)).pages.map((page) => page.document)).toEqual([
      withText('Approved'),
    ]);
    expect((await pages.list())[0]?.publishAt).toBeNull();
  });

  it('moves a page, its old address leading to the new; removes it, every address of it gone', async () => {
    const pages = service();
    const made = await pages.create('/landlords', landlords, null);
    const other = await pages.create('/farms', landlords, null);
    if (!made.created || !other.created) throw new Error('not created');
    await pages.publish(made.id, { basedOn: 1, by: null });
    const before = await loadLivePagesStamp(current.db);

    expect(await pages.move(made.id, '/farms', null)).toBe('taken');
    expect(await pages.move(made.id, '/login', null)).toBe('taken');
    expect(await pages.move(made.id, '/property-landlords', null)).toBe('moved');
    let live = await loadLivePages(current.db);
    expect(live.pages.map((page) => page.path)).toEqual(['/property-landlords']);
    expect(live.addresses.get('/landlords')).toBe('/property-landlords');
    expect(await loadLivePagesStamp(current.db)).not.toBe(before);
    // Another page may not take an address this page gave up; this page may take it back.
    expect(await pages.move(other.id, '/landlords', null)).toBe('taken');
    clock = new Date(start.getTime() + 1_000);
    expect(await pages.move(made.id, '/landlords', null)).toBe('moved');
    live = await loadLivePages(current.db);
    expect(live.addresses.get('/property-landlords')).toBe('/landlords');

    clock = new Date(start.getTime() + 2_000);
    expect(await pages.remove(made.id, null)).toBe('removed');
    live = await loadLivePages(current.db);
    expect(live.pages).toEqual([]);
    expect(live.addresses.get('/landlords')).toBeNull();
    expect(live.addresses.get('/property-landlords')).toBeNull();
    expect(await pages.create('/landlords', landlords, null)).toEqual({ created: false });

    const audit = await current.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(
      audit.map((entry) =>
        auditSentence({ ...entry, detail: entry.detail, by: 'partner@obrienmarsh.example' }),
      ),
    ).toEqual([
      'partner@obrienmarsh.example started the page /landlords',
      'partner@obrienmarsh.example started the page /farms',
      'partner@obrienmarsh.example published the page /landlords',
      'partner@obrienmarsh.example moved the page /landlords to /property-landlords',
      'partner@obrienmarsh.example moved the page /property-landlords to /landlords',
      'partner@obrienmarsh.example removed the page /landlords',
    ]);
  });
});

describeEachDatabase('the pages the site is built around', (kind) => {
  const current = freshDatabaseEachTest(kind);
  const service = () => pagesService(current.db, { isTaken: () => false, now: () => start });
  const builtIn = async (path: string) => {
    const page = (await service().list()).find((each) => each.path === path);
    if (!page) throw new Error(`no page at ${path}`);
    return page;
  };

  it('are added once each, published, in the navigation, without the demo firm’s people', async () => {
    expect(await addBuiltInPages(current.db, start)).toBe(10);
    expect(await addBuiltInPages(current.db, start)).toBe(0);
    const live = await loadLivePages(current.db);
    expect(live.pages.map((page) => [page.path, page.nav, page.navLabel])).toEqual([
      ['/', 'none', 'Accountants in {town}'],
      ['/services', 'main', 'Services'],
      ['/about', 'main', 'About us'],
      ['/vat-de-minimis', 'main', 'VAT guide'],
      ['/application', 'main', 'Work with us'],
      ['/contact', 'main', 'Contact'],
      ['/quote', 'footer', 'Ask for a quote'],
      ['/newsletter', 'footer', 'Newsletter'],
      ['/privacy', 'footer', 'Privacy notice'],
      ['/cookies', 'footer', 'Cookie policy'],
    ]);
    const types = live.pages.flatMap((page) => page.document.sections.map((section) => section.type));
    expect(types).not.toContain('team');
    expect(types).not.toContain('reviews');
    expect((await builtIn('/contact')).builtIn).toBe(true);
  });

  it('keep their address and the section they are there for, and are never removed', async () => {
    await addBuiltInPages(current.db, start);
    const pages = service();
    const contact = await builtIn('/contact');
    expect(await pages.move(contact.id, '/get-in-touch', null)).toBe('built-in');
    expect(await pages.remove(contact.id, null)).toBe('built-in');

    const page = await pages.read(contact.id);
    if (!page) throw new Error('no contact page');
    const withoutForm = { ...page.draft, sections: page.draft.sections.filter((s) => s.type !== 'form') };
    expect(await pages.saveDraft(contact.id, withoutForm, page.draftVersion, null)).toEqual({
      saved: false,
      reason: 'kept-section',
      message: 'This page is where visitors find the contact form: put that section back before saving.',
    });
    // Anything else on it is the firm's to change: here, its opening band goes.
    const withoutHero = { ...page.draft, sections: page.draft.sections.filter((s) => s.type !== 'hero') };
    expect(await pages.saveDraft(contact.id, withoutHero, page.draftVersion, null)).toEqual({
      saved: true,
      draftVersion: page.draftVersion + 1,
    });
  });

  it('bring the people a firm’s details held before pages did', async () => {
    await current.db
      .insertInto('firm')
      .values({
        id: 1,
        details: JSON.stringify({
          team: [{ name: 'Aoife Marsh FCA', role: 'Partner', text: 'Aoife looks after farms.' }],
          reviews: [
            {
              quote: 'Calm and quick.',
              name: 'Dev Patel',
              role: 'Owner',
              business: 'Patel Farms',
              place: '',
            },
          ],
        }),
        version: 1,
        updated_at: start.toISOString(),
      })
      .execute();
    await addBuiltInPages(current.db, start);
    const { pages } = await loadLivePages(current.db);
    const sections = pages.flatMap((page) => page.document.sections);
    expect(sections.find((section) => section.type === 'team')).toMatchObject({
      members: [
        {
          name: 'Aoife Marsh FCA',
          role: 'Partner',
          qualifications: '',
          biography: 'Aoife looks after farms.',
        },
      ],
    });
    expect(sections.find((section) => section.type === 'reviews')).toMatchObject({
      items: [
        { quote: 'Calm and quick.', name: 'Dev Patel', business: 'Owner, Patel Farms', permission: true },
      ],
    });
  });
});
