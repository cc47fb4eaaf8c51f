import sharp from 'sharp';
import { expect, it } from 'vitest';
import { firmMessages } from '#shared/api/back-office-firm.ts';
import { badgeMessages, heroMessages, logoMessages } from '#shared/firm-pictures.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { signedInApi, signIn } from '../support/signed-in.ts';
import { backOfficeClient } from '../support/staff.ts';

// A partner makes the site their own firm's on the Firm details screen, as they would on their first
// day: a new site starts from an empty form, a wrong number is refused beside its field, and once saved
// the public pages show the firm at once.
const t = setUpSiteInBrowser({ firm: 'none' });

it('an owner fills in the firm’s details, is told what is wrong beside each field, and the site shows the firm at once', async () => {
  const page = t.page;
  await signIn(page, t.site, 'partner@obrienmarsh.example', 'owner', '/back-office/firm');
  await page.getByRole('heading', { name: 'Firm details', level: 1 }).waitFor();
  const fill = async (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);

  await fill('Trading name', 'O’Brien & Marsh');
  await fill('Legal name', "O'Brien & Marsh (Leeds) Ltd");
  await fill('Strapline', 'Accountants for Leeds’ makers, shops & cafés');
  await fill('Street address', '3 Park Row');
  await fill('Town or city', 'Leeds');
  await fill('Postcode', 'ls1 5hd');
  await fill('Phone', '0113 496 0000');
  await fill('Email address', 'hello@obrienmarsh.example');
  await fill('How soon you reply', 'two working hours');
  await fill('How soon you quote', 'three working days');
  await page.getByRole('checkbox', { name: 'Friday' }).uncheck();
  await fill('Areas served', 'Leeds\nBradford');
  await fill('VAT number', 'GB 312 4567 89');
  await fill('Sender name', 'O’Brien & Marsh');
  await fill('Address that receives notices', 'office@obrienmarsh.example');
  await fill('Reference prefix', 'om');
  await page.getByRole('button', { name: 'Save firm details' }).click();

  // The one wrong number is refused beside its field, in words; nothing is saved.
  const vat = page.getByLabel('VAT number', { exact: true });
  await expect.poll(() => vat.getAttribute('aria-invalid')).toBe('true');
  const vatError = await vat.evaluate(
    (input) => document.getElementById(`${input.id}-error`)?.textContent ?? '',
  );
  expect(vatError).toMatch(/VAT number: this is not a VAT number HMRC issues/);
  expect(await accessibilityViolations(page)).toEqual([]);
  // The list of problems at the top links each to its field: one keypress takes the keyboard there.
  await page
    .getByRole('alert')
    .getByRole('link', { name: /^VAT number: / })
    .click();
  await expect.poll(() => vat.evaluate((input) => input === document.activeElement)).toBe(true);

  await fill('VAT number', 'GB 312 4567 79');
  await page.getByRole('button', { name: 'Save firm details' }).click();
  await page.getByRole('status').getByText(firmMessages.saved).waitFor();
  // The back office's own header shows the new name at once, without a reload.
  await page.getByRole('banner').getByText('O’Brien & Marsh', { exact: true }).waitFor();
  // Written as the issuers write them.
  await expect(vat.inputValue()).resolves.toBe('GB 312 4567 79');
  await expect(page.getByLabel('Postcode', { exact: true }).inputValue()).resolves.toBe('LS1 5HD');

  // Another owner saves a new phone number meanwhile; this owner's next change, from the older version,
  // is refused, and the form comes back with the other owner's phone and this owner's change on top.
  const other = backOfficeClient(t.site, await signedInApi(t.site, 'partner2@obrienmarsh.example'));
  const { details } = await other.json('/firm');
  expect(
    (await other.send('/firm', { details: { ...details, phone: '0113 496 0222' }, basedOn: 1 }, 'PUT'))
      .status,
  ).toBe(200);
  await fill('Strapline', 'Accountants for Leeds');
  await page.getByRole('button', { name: 'Save firm details' }).click();
  await page.getByRole('alert').getByText(firmMessages.savedElsewhere).waitFor();
  await expect.poll(() => page.getByLabel('Phone', { exact: true }).inputValue()).toBe('0113 496 0222');
  await expect(page.getByLabel('Strapline', { exact: true }).inputValue()).resolves.toBe(
    'Accountants for Leeds',
  );
  await page.getByRole('button', { name: 'Save firm details' }).click();
  await page.getByRole('status').getByText(firmMessages.saved).waitFor();
  expect((await other.json('/firm')).details).toMatchObject({
    phone: '0113 496 0222',
    tagline: 'Accountants for Leeds',
  });

  await page.goto(`${t.site.url}/contact`);
  await expect(page.getByRole('banner').getByRole('link').first().textContent()).resolves.toContain(
    'O’Brien & Marsh',
  );
  const footer = (await page.locator('footer').textContent()) ?? '';
  expect(footer).toContain("O'Brien & Marsh (Leeds) Ltd");
  expect(footer).toContain('Monday to Thursday, 9am to 5pm');
  expect(footer).not.toContain('Fenwick');
  await expect(page.title()).resolves.toContain('O’Brien & Marsh');
  // A name as long as the field takes wraps in the header; nothing is pushed off the screen.
  const { details: now, version } = await other.json('/firm');
  const longName = 'O’Brien, Marsh & Fitzgerald-Montgomery Chartered Accountants and Tax Advisers';
  const renamed = await other.send(
    '/firm',
    { details: { ...now, tradingName: longName }, basedOn: version },
    'PUT',
  );
  expect(renamed.status).toBe(200);
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${t.site.url}/contact`);
    await page.getByRole('banner').getByText(longName).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `at ${width} px`,
    ).toBeLessThanOrEqual(width);
  }

  // The refused saves (422, then 409) are the failed requests the browser logs.
  expect(t.errors.filter((error) => !/status of (422|409)/.test(error))).toEqual([]);
});

it('an owner uploads the firm’s logo, is told why a file with a script is refused, and can remove it', async () => {
  const page = t.page;
  await signIn(page, t.site, 'partner@obrienmarsh.example', 'owner', '/back-office/firm');
  const section = page.getByRole('region', { name: 'Logo' });
  await section.getByText('No logo yet').waitFor();
  const choose = (name: string, mimeType: string, text: string) =>
    section.getByLabel('Logo file (SVG or PNG, up to 1 MB)').setInputFiles({
      name,
      mimeType,
      buffer: Buffer.from(text),
    });
  const mark =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#5b2a86"/></svg>';

  await section.getByRole('button', { name: 'Upload logo' }).click();
  await section.getByRole('alert').getByText(logoMessages.noFile).waitFor();

  await choose('logo.svg', 'image/svg+xml', mark.replace('<rect', '<script>alert(1)</script><rect'));
  await section.getByRole('button', { name: 'Upload logo' }).click();
  await section.getByRole('alert').getByText(logoMessages.script).waitFor();

  await choose('logo.svg', 'image/svg+xml', mark);
  await section.getByRole('button', { name: 'Upload logo' }).click();
  await section.getByRole('status').getByText(logoMessages.saved).waitFor();
  const preview = section.getByRole('img', { name: 'Your logo as the site shows it' });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  // The back office's header shows it at once, and so does every public page.
  const headerLogo = page.getByRole('banner').locator('img').first();
  const logoDrawn = () => headerLogo.evaluate((img: HTMLImageElement) => img.naturalWidth);
  await expect.poll(logoDrawn).toBeGreaterThan(0);
  await page.goto(`${t.site.url}/`);
  await expect.poll(logoDrawn).toBeGreaterThan(0);

  await page.goto(`${t.site.url}/back-office/firm`);
  // Removing asks first: the logo leaves every page at once.
  page.once('dialog', (dialog) => dialog.accept());
  await section.getByRole('button', { name: 'Remove logo' }).click();
  await section.getByRole('status').getByText(logoMessages.removed).waitFor();
  await section.getByText('No logo yet').waitFor();
  await expect.poll(() => headerLogo.count()).toBe(0);
  expect(t.errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
});

it('an owner puts a photo on the home page in place of the drawing, described for those who cannot see it', async () => {
  const page = t.page;
  await signIn(page, t.site, 'partner@obrienmarsh.example', 'owner', '/back-office/firm');
  const section = page.getByRole('region', { name: 'Home page picture' });
  await section.getByText('No picture yet').waitFor();
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: '#8fa3b8' },
  })
    .jpeg()
    .toBuffer();
  await section.getByLabel('Picture file (JPEG, PNG or WebP, up to 8 MB)').setInputFiles({
    name: 'office.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await section.getByLabel('Description of the picture').fill('Our office on Park Row');
  await section.getByRole('button', { name: 'Upload picture' }).click();
  await section.getByRole('status').getByText(heroMessages.saved).waitFor();
  await section.getByRole('img', { name: 'Your home page picture as the site shows it' }).waitFor();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${t.site.url}/`);
    const picture = page.getByRole('img', { name: 'Our office on Park Row' });
    // The browser chose one of the sizes made, in a format it reads, and drew it within the screen.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/pictures\/\w+-\d+\.(avif|webp)$/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  expect(t.errors).toEqual([]);
});

it('an owner adds an office besides the registered one, and removes it again', async () => {
  const page = t.page;
  await signIn(page, t.site, 'partner@obrienmarsh.example', 'owner', '/back-office/firm');
  const offices = page.getByRole('group', { name: 'Other offices' });
  await offices.getByRole('button', { name: 'Add an office' }).click();
  const office = offices.getByRole('group', { name: 'Office 1' });
  // The keyboard goes to the new office's first field.
  await expect
    .poll(() => office.getByLabel('Office name').evaluate((input) => input === document.activeElement))
    .toBe(true);
  await page.keyboard.type('Bradford');
  await offices.getByLabel('Office street address').fill('10 Market Street');
  await offices.getByLabel('Office town or city').fill('Bradford');
  await offices.getByLabel('Office postcode').fill('bd1 1lb');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save firm details' }).click();
  await page.getByRole('status').getByText(firmMessages.saved).waitFor();

  await page.goto(`${t.site.url}/contact`);
  const aside = page.getByRole('complementary');
  await aside.getByRole('heading', { name: 'Our other offices' }).waitFor();
  expect(await aside.locator('address').last().innerText()).toMatch(
    /^Bradford\n10 Market Street, Bradford\nBD1\s1LB$/,
  );

  await page.goto(`${t.site.url}/back-office/firm`);
  await offices.getByRole('button', { name: 'Remove Bradford' }).click();
  await expect
    .poll(() =>
      offices
        .getByRole('button', { name: 'Add an office' })
        .evaluate((button) => button === document.activeElement),
    )
    .toBe(true);
  await page.getByRole('button', { name: 'Save firm details' }).click();
  await page.getByRole('status').getByText(firmMessages.saved).waitFor();
  await page.goto(`${t.site.url}/contact`);
  await page.getByRole('heading', { name: 'Opening hours' }).waitFor();
  expect(await page.getByRole('heading', { name: 'Our other offices' }).count()).toBe(0);
  expect(t.errors).toEqual([]);
});

it('an owner adds the badge of an accreditation, which the home page shows with its words', async () => {
  const page = t.page;
  await signIn(page, t.site, 'partner@obrienmarsh.example', 'owner', '/back-office/firm');
  const section = page.getByRole('region', { name: 'Accreditation badges' });
  await section.getByLabel('Badge file (SVG or PNG, up to 1 MB)').setInputFiles({
    name: 'icaew.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60"><rect width="120" height="60" fill="#123456"/></svg>',
    ),
  });
  await section.getByLabel('What the badge says').fill('ICAEW Chartered Accountants');
  await section.getByRole('button', { name: 'Add badge' }).click();
  await section.getByRole('status').getByText(badgeMessages.saved).waitFor();
  await section.getByRole('button', { name: 'Remove ICAEW Chartered Accountants' }).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto(`${t.site.url}/`);
  const badge = page.getByRole('img', { name: 'ICAEW Chartered Accountants' });
  await badge.scrollIntoViewIfNeeded();
  await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(t.errors).toEqual([]);
});
