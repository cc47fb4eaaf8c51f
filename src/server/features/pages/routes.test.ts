import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageMessages, pagePictureMessages } from '#shared/pages.ts';
import { paragraph } from '#shared/rich-text.ts';
import { type PageDocument, pictureMissing } from '#shared/sections.ts';
import { addAdviserTo, weekdayHours } from '#tests/support/advisers.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';

const landlords: PageDocument = {
  title: 'Accountants for landlords',
  description: 'Rental accounts, self assessment and Making Tax Digital for landlords.',
  sections: [
    {
      id: 'hero',
      type: 'hero',
      heading: 'Landlords, <sorted>',
      lead: 'Your rental accounts, done.',
      bookCall: true,
    },
    {
      id: 'prices',
      type: 'services',
      heading: 'What it costs',
      items: [{ title: 'One property', text: 'Accounts and your return.', price: 'From £60 a month' }],
    },
    {
      id: 'faq',
      type: 'faq',
      heading: 'Questions',
      items: [{ question: 'Do you do MTD?', answer: [paragraph('Yes, from April 2026.')] }],
    },
    { id: 'form', type: 'form', form: 'contact' },
  ],
};

describeEachDatabase('the firm’s own pages', (database) => {
  let site: TestApp;
  let owner: ReturnType<typeof backOfficeClient>;
  let staff: ReturnType<typeof backOfficeClient>;
  beforeAll(async () => {
    // Each instance looks for changes made elsewhere (an adviser stopping) every second.
    site = await startTestApp({ database, env: { INSIGHTS_REFRESH_SECONDS: '1' } });
    owner = backOfficeClient(site, await signedInStaff(site, 'partner@fenwickhale.example', 'owner'));
    staff = backOfficeClient(site, await signedInStaff(site, 'reception@fenwickhale.example', 'staff'));
  });
  afterAll(() => site?.close());

  const page = (path: string) => send(site, path, { headers: { accept: 'text/html' }, redirect: 'manual' });

  it('are written by staff as drafts, published by an owner, and served at their address', async () => {
    const refused = await staff.send('/pages', { path: '/contact', title: 'Contact', description: 'Taken.' });
    expect([refused.status, (await refused.json()).errorMessages]).toEqual([409, [pageMessages.pathTaken]]);
    const badPath = await staff.send('/pages', { path: '/Landlords!', title: 'x', description: 'y' });
    expect([badPath.status, (await badPath.json()).errorMessages]).toEqual([422, [pageMessages.path]]);

    const { title, description } = landlords;
    const created = await staff.send('/pages', { path: '/landlords', title, description });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const saved = await staff.send(`/pages/${id}/draft`, { document: landlords, basedOn: 1 }, 'PUT');
    expect(await saved.json()).toEqual({
      success: true,
      infoMessages: [pageMessages.saved],
      errorMessages: [],
      draftVersion: 2,
    });
    // Not yet published: the address is the site's not-found page.
    expect((await page('/landlords')).status).toBe(404);
    // A page id that could be no page's is a page not found, in the same words as one removed.
    for (const wrongId of ['landlords', '12345678901', String(id + 1000)]) {
      const missing = await staff.get(`/pages/${wrongId}`);
      expect([missing.status, (await missing.json()).errorMessages], wrongId).toEqual([
        404,
        [pageMessages.noSuchPage],
      ]);
    }
    expect((await staff.send(`/pages/${id}/publish`, { basedOn: 2 })).status).toBe(403);

    const published = await owner.send(`/pages/${id}/publish`, { basedOn: 2 });
    expect((await published.json()).infoMessages).toEqual([pageMessages.published]);
    const answer = await page('/landlords');
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<title>Accountants for landlords | Fenwick &amp; Hale</title>');
    expect(html).toContain('<h1>Landlords, &lt;sorted&gt;</h1>');
    expect(html).toContain('From £60 a month');
    expect(html).toContain('"@type":"FAQPage"');
    expect(html).toContain('<form class="enquiry"');
    expect(await (await send(site, '/sitemap.xml')).text()).toContain('/landlords</loc>');

    // Listed in the main navigation of every page, by the words an owner chose, and taken out again.
    expect((await staff.send(`/pages/${id}/nav`, { place: 'main', label: 'Landlords' }, 'PUT')).status).toBe(
      403,
    );
    const listed = await owner.send(`/pages/${id}/nav`, { place: 'main', label: 'Landlords' }, 'PUT');
    expect((await listed.json()).infoMessages).toEqual([pageMessages.navChanged]);
    const navigation = async (path: string) =>
      /<nav id="site-nav"[^>]*>(.*?)<\/nav>/s.exec(await (await page(path)).text())?.[1] ?? '';
    for (const path of ['/', '/contact', '/landlords', '/insights'])
      expect(await navigation(path), path).toMatch(
        /<a href="\/landlords"( aria-current="page")?>Landlords<\/a>/,
      );
    await owner.send(`/pages/${id}/nav`, { place: 'none', label: '' }, 'PUT');
    expect(await navigation('/')).not.toContain('/landlords');
  });

  it('tell the second of two editors, move with a 301 from the old address, and go with a 410', async () => {
    const { pages } = await staff.json('/pages');
    const { id, path } = pages.find((each: { path: string }) => each.path === '/landlords');
    expect(path).toBe('/landlords');
    const { draftVersion } = await staff.json(`/pages/${id}`);
    const first = await staff.send(
      `/pages/${id}/draft`,
      { document: { ...landlords, title: 'One' }, basedOn: draftVersion },
      'PUT',
    );
    expect(first.status).toBe(200);
    const second = await owner.send(
      `/pages/${id}/draft`,
      { document: { ...landlords, title: 'Two' }, basedOn: draftVersion },
      'PUT',
    );
    expect([second.status, (await second.json()).errorMessages]).toEqual([
      409,
      [pageMessages.savedElsewhere],
    ]);

    // A long page saves whole: 40 sections of text, each of 2,000 characters.
    const long: PageDocument = {
      ...landlords,
      sections: Array.from({ length: 40 }, (_, index) => ({
        id: `text-${index}`,
        type: 'rich-text' as const,
        heading: '',
        body: [paragraph('A landlord’s year, told at length. '.repeat(60))],
      })),
    };
    const { draftVersion: before } = await owner.json(`/pages/${id}`);
    const saved = await owner.send(`/pages/${id}/draft`, { document: long, basedOn: before }, 'PUT');
    expect(saved.status).toBe(200);
    // A review the client has not agreed to is nowhere in what visitors get, data included.
    const withSecret: PageDocument = {
      ...landlords,
      sections: [
        {
          id: 'reviews',
          type: 'reviews',
          heading: 'What landlords say',
          items: [
            { quote: 'Calm.', name: 'Ann', business: '', permission: true },
            { quote: 'Secret words', name: 'Hidden Person', business: 'Private Ltd', permission: false },
          ],
        },
      ],
    };
    const { draftVersion: after } = await owner.json(`/pages/${id}`);
    expect(
      (await owner.send(`/pages/${id}/draft`, { document: withSecret, basedOn: after }, 'PUT')).status,
    ).toBe(200);
    expect((await owner.send(`/pages/${id}/publish`, { basedOn: after + 1 })).status).toBe(200);
    const published = await (await page('/landlords')).text();
    expect(published).toContain('Calm.');
    for (const secret of ['Secret words', 'Hidden Person', 'Private Ltd'])
      expect(published).not.toContain(secret);

    const moved = await owner.send(`/pages/${id}/path`, { path: '/property-landlords' }, 'PUT');
    expect((await moved.json()).infoMessages).toEqual([pageMessages.moved]);
    const old = await page('/landlords');
    expect([old.status, old.headers.get('location')]).toEqual([301, '/property-landlords']);
    expect((await page('/property-landlords')).status).toBe(200);

    // The earlier version comes back into the draft, and goes live when published.
    const { revisions, draftVersion: now } = await owner.json(`/pages/${id}`);
    expect(revisions.map((revision: { number: number }) => revision.number)).toEqual([2, 1]);
    const restored = await owner.send(`/pages/${id}/revisions/1/restore`, { basedOn: now });
    expect((await restored.json()).infoMessages).toEqual([pageMessages.restored]);
    expect((await owner.json(`/pages/${id}`)).draft.title).toBe(landlords.title);

    expect((await staff.send(`/pages/${id}`, undefined, 'DELETE')).status).toBe(403);
    const removed = await owner.send(`/pages/${id}`, undefined, 'DELETE');
    expect((await removed.json()).infoMessages).toEqual([pageMessages.removed]);
    expect((await page('/property-landlords')).status).toBe(410);
    expect((await page('/landlords')).status).toBe(410);
    expect((await page('/never-a-page')).status).toBe(404);
    expect(await (await send(site, '/sitemap.xml')).text()).not.toContain('landlords');
  });

  it('take pictures made into the sizes screens need, described or decorative, and refuse one never uploaded', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8fa3b8' } })
      .jpeg()
      .toBuffer();
    const refused = await staff.send('/pages/pictures', { contentType: 'image/gif', data: 'R0lGODlh' });
    expect([refused.status, (await refused.json()).errorMessages]).toEqual([422, [pagePictureMessages.type]]);
    const unreadable = await staff.send('/pages/pictures', {
      contentType: 'image/jpeg',
      data: Buffer.from('not a photo').toString('base64'),
    });
    expect((await unreadable.json()).errorMessages).toEqual([pagePictureMessages.unreadable]);
    const uploaded = await staff.send('/pages/pictures', {
      contentType: 'image/jpeg',
      data: photo.toString('base64'),
    });
    expect(uploaded.status).toBe(201);
    const { key, width, height } = await uploaded.json();
    expect([width, height]).toEqual([960, 640]);

    const created = await owner.send('/pages', {
      path: '/farms',
      title: 'Farms',
      description: 'Farm accounts.',
    });
    const { id } = await created.json();
    const withPictures = (pictureKey: string): PageDocument => ({
      title: 'Farms',
      description: 'Farm accounts.',
      sections: [
        {
          id: 'hero',
          type: 'hero',
          heading: 'Farms',
          lead: '',
          bookCall: false,
          picture: { key: pictureKey, width, height, alt: 'A farmyard at dawn', decorative: false },
        },
        {
          id: 'team',
          type: 'team',
          heading: 'Who you will work with',
          members: [
            {
              name: 'Priya Shah',
              role: 'Partner',
              qualifications: '',
              biography: '',
              photo: { key: pictureKey, width, height, alt: '', decorative: true },
            },
          ],
        },
      ],
    });
    const missing = await owner.send(
      `/pages/${id}/draft`,
      { document: withPictures('0'.repeat(20)), basedOn: 1 },
      'PUT',
    );
    expect([missing.status, (await missing.json()).errorMessages]).toEqual([422, [pictureMissing]]);
    expect(
      (await owner.send(`/pages/${id}/draft`, { document: withPictures(key), basedOn: 1 }, 'PUT')).status,
    ).toBe(200);
    expect((await owner.send(`/pages/${id}/publish`, { basedOn: 2 })).status).toBe(200);

    const html = await (await page('/farms')).text();
    expect(html).toContain(
      `<source type="image/avif" srcSet="/page-pictures/${key}-480.avif 480w, /page-pictures/${key}-960.avif 960w"`,
    );
    expect(html).toContain(`alt="A farmyard at dawn" width="960" height="640" fetchPriority="high"`);
    // The opening picture is asked for from the <head>, with the stylesheet.
    expect(html.slice(0, html.indexOf('</head>'))).toContain(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="/page-pictures/${key}-480.avif 480w, /page-pictures/${key}-960.avif 960w" imagesizes="(min-width: 960px) 50vw, min(100vw, 22rem)" fetchpriority="high">`,
    );
    expect(html).toContain(`alt="" width="960" height="640" loading="lazy"`);
    const served = await send(site, `/page-pictures/${key}-480.avif`);
    expect([served.status, served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual([
      200,
      'image/avif',
      'public, max-age=31536000, immutable',
    ]);
    expect((await send(site, `/page-pictures/${key}-999.avif`)).status).toBe(404);
  });

  it('offer "Book a call with …" beside a team member who is an adviser, and refuse an adviser the firm does not have', async () => {
    const tom = await addAdviserTo(site.db, 'tom.marsh@fenwickhale.example', 'Tom Marsh', {
      workingHours: weekdayHours('09:00', '12:00'),
    });
    const created = await owner.send('/pages', {
      path: '/contractors',
      title: 'Contractors',
      description: 'IR35.',
    });
    const { id } = await created.json();
    expect((await staff.json(`/pages/${id}`)).advisers).toContainEqual({ id: tom, name: 'Tom Marsh' });
    const withAdviser = (adviserId: number): PageDocument => ({
      title: 'Contractors',
      description: 'IR35.',
      sections: [
        {
          id: 'team',
          type: 'team',
          heading: 'Your accountant',
          members: [{ name: 'Tom Marsh', role: 'Tax manager', qualifications: '', biography: '', adviserId }],
        },
      ],
    });
    const unknown = await staff.send(
      `/pages/${id}/draft`,
      { document: withAdviser(tom + 100), basedOn: 1 },
      'PUT',
    );
    expect([unknown.status, (await unknown.json()).errorMessages]).toEqual([
      422,
      [pageMessages.noSuchAdviser],
    ]);
    expect(
      (await staff.send(`/pages/${id}/draft`, { document: withAdviser(tom), basedOn: 1 }, 'PUT')).status,
    ).toBe(200);
    expect((await owner.send(`/pages/${id}/publish`, { basedOn: 2 })).status).toBe(200);
    const html = await (await page('/contractors')).text();
    expect(html).toContain(
      `<button type="button" class="button button--secondary" data-book-call="" data-adviser-id="${tom}" data-adviser-name="Tom Marsh">Book a call with Tom Marsh</button>`,
    );

    // An adviser who stops taking calls keeps their card, without a button to a calendar with no days.
    expect((await owner.send(`/advisers/${tom}/active`, { active: false }, 'PUT')).status).toBe(200);
    await waitUntil(
      async () => !(await (await page('/contractors')).text()).includes('Book a call with Tom Marsh'),
      { timeoutMs: 10_000, what: () => 'the page to leave out the button' },
    );
    expect(await (await page('/contractors')).text()).toContain('<h3>Tom Marsh</h3>');
  });
});

describeEachDatabase('the pages the site is built around', (database) => {
  let site: TestApp;
  let owner: ReturnType<typeof backOfficeClient>;
  beforeAll(async () => {
    site = await startTestApp({ database });
    owner = backOfficeClient(site, await signedInStaff(site, 'partner@fenwickhale.example', 'owner'));
  });
  afterAll(() => site?.close());

  const words = async (path: string) =>
    (await (await send(site, path, { headers: { accept: 'text/html' } })).text()).replaceAll('<!-- -->', '');
  const builtIn = async (path: string) => {
    const { pages } = await owner.json('/pages');
    return pages.find((each: { path: string }) => each.path === path);
  };

  it('are edited and published like any page, their tokens in the firm’s words', async () => {
    const home = await builtIn('/');
    expect(home).toMatchObject({ builtIn: true, live: { number: 1 } });
    expect(await words('/')).toContain('Accountancy that keeps your business moving');
    const { draft, draftVersion } = await owner.json(`/pages/${home.id}`);
    const hero = {
      ...draft.sections[0],
      heading: 'Accounts for {town} makers, by {firm}',
      lead: 'Braces that name no token stay: {__proto__} {constructor}.',
    };
    const document = { ...draft, sections: [hero, ...draft.sections.slice(1)] };
    const saved = await owner.send(`/pages/${home.id}/draft`, { document, basedOn: draftVersion }, 'PUT');
    expect(saved.status).toBe(200);
    expect((await owner.send(`/pages/${home.id}/publish`, { basedOn: draftVersion + 1 })).status).toBe(200);
    const published = await words('/');
    expect(published).toContain('<h1>Accounts for Shrewsbury makers, by Fenwick &amp; Hale</h1>');
    expect(published).toContain('Braces that name no token stay: {__proto__} {constructor}.');
  });

  it('keep their address and the section they are there for, and are never removed', async () => {
    const contact = await builtIn('/contact');
    const moved = await owner.send(`/pages/${contact.id}/path`, { path: '/get-in-touch' }, 'PUT');
    expect([moved.status, (await moved.json()).errorMessages]).toEqual([409, [pageMessages.builtInAddress]]);
    const removed = await owner.send(`/pages/${contact.id}`, undefined, 'DELETE');
    expect([removed.status, (await removed.json()).errorMessages]).toEqual([
      409,
      [pageMessages.builtInRemoval],
    ]);
    const { draft, draftVersion } = await owner.json(`/pages/${contact.id}`);
    const withoutForm = {
      ...draft,
      sections: draft.sections.filter((section: { type: string }) => section.type !== 'form'),
    };
    const saved = await owner.send(
      `/pages/${contact.id}/draft`,
      { document: withoutForm, basedOn: draftVersion },
      'PUT',
    );
    expect([saved.status, (await saved.json()).errorMessages]).toEqual([
      422,
      ['This page is where visitors find the contact form: put that section back before saving.'],
    ]);
    expect(await words('/contact')).toContain('Send your enquiry');
  });
});
