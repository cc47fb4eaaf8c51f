import { afterAll, beforeAll, expect, it } from 'vitest';
import { firmMessages } from '#shared/api/back-office-firm.ts';
import { unescapeHtml } from '#shared/html.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { obrienAndMarsh } from '#tests/support/firms.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

describeEachDatabase('the Firm details API', (database) => {
  let site: TestApp;
  let owner: ReturnType<typeof backOfficeClient>;
  let staff: ReturnType<typeof backOfficeClient>;
  beforeAll(async () => {
    site = await startTestApp({ database, firm: 'none' });
    owner = backOfficeClient(site, await signedInStaff(site, 'partner@obrienmarsh.example', 'owner'));
    staff = backOfficeClient(site, await signedInStaff(site, 'reception@obrienmarsh.example', 'staff'));
  });
  afterAll(() => site?.close());

  const home = async () => unescapeHtml(await (await send(site, '/')).text());

  it('is for owners only', async () => {
    expect((await staff.get('/firm')).status).toBe(403);
    expect((await staff.send('/firm', { details: obrienAndMarsh, basedOn: null }, 'PUT')).status).toBe(403);
    expect(await home()).toContain('This website is being set up');
  });

  it('saves the details from the version read, shows them at once, and tells the second of two editors', async () => {
    expect(await owner.json('/firm')).toEqual({
      details: null,
      version: null,
      logo: null,
      logoShape: 1,
      homePicture: null,
      badges: [],
      demoLeftovers: [],
    });
    const saved = await owner.send('/firm', { details: obrienAndMarsh, basedOn: null }, 'PUT');
    expect(await saved.json()).toEqual({
      success: true,
      infoMessages: [firmMessages.saved],
      errorMessages: [],
    });
    expect(await home()).toContain('O’Brien & Marsh');
    const read = await owner.json('/firm');
    expect(read).toMatchObject({
      version: 1,
      details: { tradingName: 'O’Brien & Marsh', vatNumber: 'GB 312 4567 79' },
    });

    // A second editor who read nothing (or version 0) does not overwrite the first.
    const late = await owner.send(
      '/firm',
      { details: { ...obrienAndMarsh, phone: '0113 496 0999' }, basedOn: null },
      'PUT',
    );
    expect(late.status).toBe(409);
    expect((await late.json()).errorMessages).toEqual([firmMessages.savedElsewhere]);
    expect(await owner.json('/firm')).toMatchObject({ version: 1, details: { phone: '0113 496 0000' } });
  });

  it('refuses wrong fields by their labels and changes nothing', async () => {
    const refused = await owner.send(
      '/firm',
      {
        details: {
          ...obrienAndMarsh,
          legalName: '',
          vatNumber: 'GB 123',
          openingHours: { ...obrienAndMarsh.openingHours, days: [] },
        },
        basedOn: 1,
      },
      'PUT',
    );
    expect(refused.status).toBe(422);
    expect((await refused.json()).errorMessages).toEqual([
      'Legal name: this is needed',
      expect.stringMatching(/^VAT number: /),
      'Opening hours: choose at least one day',
    ]);
    expect(await owner.json('/firm')).toMatchObject({ version: 1 });
    expect(await home()).toContain("O'Brien & Marsh (Leeds) Ltd");

    // A save without the form, or without the version it started from, is refused once, in words.
    for (const body of [{}, { details: obrienAndMarsh }]) {
      const answer = await owner.send('/firm', body, 'PUT');
      expect(answer.status).toBe(422);
      expect((await answer.json()).errorMessages).toEqual([firmMessages.incomplete]);
    }
  });

  it('refuses a colour text in which would not read on white, and serves the firm’s colours to every page', async () => {
    const { details, version } = await owner.json('/firm');
    const light = await owner.send(
      '/firm',
      { details: { ...details, colours: { brand: '#ffbf47', accent: '#9b2226' } }, basedOn: version },
      'PUT',
    );
    expect(light.status).toBe(422);
    expect((await light.json()).errorMessages).toEqual([
      'Main colour: text in #ffbf47 on white has a contrast of 1.6:1, and needs 4.5:1 to be readable (WCAG AA): choose a darker shade',
    ]);
    const saved = await owner.send(
      '/firm',
      { details: { ...details, colours: { brand: '#1D3557', accent: '#9b2226' } }, basedOn: version },
      'PUT',
    );
    expect(saved.status).toBe(200);
    // The page's one stylesheet: the build's, then the firm's colours, at an address of both.
    const linked = (await home()).match(
      /<link rel="stylesheet" href="(\/theme\.css\?v=1d35579b2226-figtree&b=[\w.-]+)">/,
    );
    expect(linked).not.toBeNull();
    const theme = await send(site, linked?.[1] ?? '');
    expect(theme.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(theme.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const css = await theme.text();
    expect(css).toContain('.site-header');
    expect(css.indexOf('--color-brand:#1d3557;')).toBeGreaterThan(css.indexOf('.site-header'));
    // Without the build's name, the firm's colours alone.
    expect(await (await send(site, '/theme.css?v=1d35579b2226-figtree')).text()).not.toContain(
      '.site-header',
    );
    // An address of colours no longer current is answered with today's, and not kept.
    expect((await send(site, '/theme.css?v=0b5563b8441f-figtree')).headers.get('cache-control')).toBe(
      'no-cache',
    );
  });

  it('links the firm’s pages on social networks from every footer and its structured data, public https addresses only', async () => {
    const { details, version } = await owner.json('/firm');
    const refused = await owner.send(
      '/firm',
      {
        details: {
          ...details,
          socialLinks: [
            'http://facebook.com/obm',
            'javascript:alert(1)',
            'https://localhost/admin',
            'https://127.0.0.1/',
            'https://[::1]/',
            'https://localhost./x',
            'https://www.linkedin.com/company/obm https://www.facebook.com/obm',
          ],
        },
        basedOn: version,
      },
      'PUT',
    );
    expect((await refused.json()).errorMessages).toEqual([
      'Social media pages: http://facebook.com/obm must start https://',
      'Social media pages: javascript:alert(1) must start https://',
      ...['https://localhost/admin', 'https://127.0.0.1/', 'https://[::1]/', 'https://localhost./x'].map(
        (address) =>
          `Social media pages: ${address} is not a public web address: give the page's address on the network, such as https://www.linkedin.com/company/your-firm`,
      ),
      'Social media pages: https://www.linkedin.com/company/obm https://www.facebook.com/obm holds a space: put each address on a line of its own',
    ]);
    const links = [
      'https://www.linkedin.com/company/obrien-marsh',
      'https://bsky.app/profile/obm.example',
      '',
      'https://WWW.LinkedIn.com/company/obrien-marsh',
    ];
    const saved = await owner.send(
      '/firm',
      { details: { ...details, socialLinks: links }, basedOn: version },
      'PUT',
    );
    expect((await saved.json()).errorMessages).toEqual([]);
    const page = await (await send(site, '/contact')).text();
    expect(page).toContain('<a href="https://www.linkedin.com/company/obrien-marsh" rel="me">LinkedIn</a>');
    expect(page).toContain('<a href="https://bsky.app/profile/obm.example" rel="me">Bluesky</a>');
    const structured = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)?.[1] ?? '',
    );
    // The same page typed twice is listed once.
    expect(structured.sameAs).toEqual(links.slice(0, 2));
  });

  it('lists the firm’s other offices on the contact pages and in its structured data, each field checked', async () => {
    const { details, version } = await owner.json('/firm');
    const bradford = {
      name: 'Bradford',
      street: '10 Market Street',
      town: 'Bradford',
      postcode: 'bd1 1lb',
      phone: '',
    };
    const refused = await owner.send(
      '/firm',
      { details: { ...details, offices: [{ ...bradford, postcode: 'BD1', phone: '12' }] }, basedOn: version },
      'PUT',
    );
    expect((await refused.json()).errorMessages).toEqual([
      expect.stringMatching(/^Office postcode: /),
      expect.stringMatching(/^Office phone: /),
    ]);
    const saved = await owner.send(
      '/firm',
      {
        details: {
          ...details,
          offices: [
            bradford,
            {
              ...bradford,
              name: 'Wakefield',
              town: 'Wakefield',
              postcode: 'WF1 1AA',
              phone: '01924 496 000',
            },
          ],
        },
        basedOn: version,
      },
      'PUT',
    );
    expect((await saved.json()).errorMessages).toEqual([]);
    const page = unescapeHtml(await (await send(site, '/contact')).text()).replaceAll('<!-- -->', '');
    expect(page).toContain('<h2>Our other offices</h2>');
    // Postcodes and numbers never break across lines (a no-break space, which \s matches).
    expect(page).toMatch(
      /<strong>Bradford<\/strong><br\/>10 Market Street, Bradford<br\/>BD1\s1LB<\/address>/,
    );
    expect(page).toMatch(/<a href="tel:\+441924496000">01924\s496\s000<\/a>/);
    const structured = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)?.[1] ?? '',
    );
    expect(structured.department).toEqual([
      expect.objectContaining({
        name: 'O’Brien & Marsh, Bradford',
        address: expect.objectContaining({ postalCode: 'BD1 1LB' }),
      }),
      expect.objectContaining({ name: 'O’Brien & Marsh, Wakefield', telephone: '+441924496000' }),
    ]);
  });

  it('sets every page in the typeface the firm chose from the bundled set, and refuses any other', async () => {
    const { details, version } = await owner.json('/firm');
    const other = await owner.send(
      '/firm',
      { details: { ...details, typeface: 'comic-sans' }, basedOn: version },
      'PUT',
    );
    expect((await other.json()).errorMessages).toEqual(['Typeface: choose one of the typefaces listed']);
    const saved = await owner.send(
      '/firm',
      { details: { ...details, typeface: 'source-serif-4' }, basedOn: version },
      'PUT',
    );
    expect(saved.status).toBe(200);
    const page = await home();
    const font = /<link rel="preload" href="(\/assets\/source-serif-4-[0-9a-f]{8}\.woff2)" as="font"/.exec(
      page,
    )?.[1];
    expect(font).toBeDefined();
    expect((await send(site, font as string)).headers.get('content-type')).toBe('font/woff2');
    const theme = await (await send(site, `/theme.css?v=1d35579b2226-source-serif-4`)).text();
    expect(theme).toContain(`src:url("${font}") format("woff2")`);
    expect(theme).toContain('--font:"Source Serif 4", "Source Serif 4 Fallback", Georgia, serif');
  });

  it('gives its regulator and where its audit registration can be checked in every footer and on About us', async () => {
    const { details, version } = await owner.json('/firm');
    const saved = await owner.send(
      '/firm',
      { details: { ...details, auditRegistration: 'C009876543' }, basedOn: version },
      'PUT',
    );
    expect(saved.status).toBe(200);
    for (const path of ['/', '/about', '/contact']) {
      const page = unescapeHtml(await (await send(site, path)).text()).replaceAll('<!-- -->', '');
      expect(page, path).toContain(`<p>${obrienAndMarsh.regulator}.</p>`);
      expect(page, path).toContain(
        'Details of our audit registration are on <a href="https://www.auditregister.org.uk">the audit register</a>, under reference number C009876543.',
      );
    }
  });
});
