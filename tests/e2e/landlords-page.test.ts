import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageMessages, pagePictureMessages } from '#shared/pages.ts';
import { addAdviserTo, weekdayHours } from '../support/advisers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { send } from '../support/http.ts';
import { addSection, publishInMainNavigation, startPage } from '../support/page-editor.ts';
import { signIn } from '../support/signed-in.ts';
import { waitUntil } from '../support/wait.ts';

// Issue 34's "Done when": a partner builds a Landlords page in Chromium from a hero, services with
// prices, a team of two with photos (one an adviser, with a call to book with him), three reviews, an FAQ
// and a contact form; publishes it and finds it
// in the navigation, the sitemap and at its address on a second instance; renames it (the old address
// answers 301); restores the previous version; and a second editor runs into the first.

const t = setUpSiteInBrowser();
let second: TestApp;
beforeAll(async () => {
  second = await startTestApp({
    databaseUrl: t.site.databaseUrl,
    env: { SMTP_URL: t.site.smtp.url, INSIGHTS_REFRESH_SECONDS: '1' },
  });
});
afterAll(() => second?.close());

/** An answer of the second instance, as a browser would ask for the page, not following a redirect. */
const onSecond = (path: string) =>
  send(second, path, { headers: { accept: 'text/html' }, redirect: 'manual' });

it('a partner builds, publishes, renames and restores a Landlords page; a second instance follows; a second editor is told', async () => {
  const page = t.page;
  const photo = (colour: string) =>
    sharp({ create: { width: 1000, height: 1000, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  // Tom takes calls: his card on the page offers a call with him alone.
  await addAdviserTo(t.site.db, 'tom.marsh@fenwickhale.example', 'Tom Marsh', {
    workingHours: weekdayHours('09:00', '17:00'),
  });
  await signIn(page, t.site, 'partner@fenwickhale.example', 'owner', '/back-office/pages');
  await startPage(page, {
    path: '/landlords',
    title: 'Accountants for landlords',
    description: 'Rental accounts and tax returns for landlords.',
  });
  await page.getByRole('heading', { name: 'Accountants for landlords', level: 1 }).waitFor();

  const add = (kind: string, place: number) => addSection(page, kind, place);
  const upload = async (group: ReturnType<typeof page.getByRole>, label: string, colour: string) => {
    await group
      .getByLabel(label)
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photo(colour) });
    await group.getByRole('status').getByText(pagePictureMessages.uploaded).waitFor();
  };

  const hero = await add('Opening band', 1);
  await hero.getByLabel('Heading', { exact: true }).fill('Landlords, sorted');

  const services = await add('Services and prices', 2);
  await services.getByLabel('Service', { exact: true }).fill('One property');
  await services.getByLabel('Price (if you show one)').fill('From £60 a month');

  const team = await add('Team', 3);
  await team.getByRole('button', { name: 'Add a person' }).click();
  for (const [index, name, colour] of [
    [0, 'Priya Shah', '#2a6f97'],
    [1, 'Tom Marsh', '#a3b18a'],
  ] as const) {
    const person = team.getByRole('group', { name: index === 0 ? 'A name' : 'Person 2' });
    // The group is named after the person once named: the role first.
    await person.getByLabel('Role', { exact: true }).fill('Tax adviser');
    await person.getByLabel('Name', { exact: true }).fill(name);
    const member = team.getByRole('group', { name });
    await upload(member, 'Picture (JPEG, PNG or WebP, up to 8 MB)', colour);
    await member.getByLabel('Description of the picture').fill(`${name} at their desk`);
  }
  await team
    .getByRole('group', { name: 'Tom Marsh' })
    .getByLabel('Book a call with them')
    .selectOption({ label: 'Tom Marsh’s calendar' });

  const reviews = await add('Reviews', 4);
  for (let review = 1; review <= 3; review++) {
    if (review > 1) await reviews.getByRole('button', { name: 'Add a review' }).click();
    const item = reviews.getByRole('group', { name: review === 1 ? 'Their name' : `Review ${review}` });
    await item.getByLabel('What the client said').fill(`Review number ${review}: quick and calm.`);
    await item.getByLabel('Client’s name').fill(`Client ${review}`);
    // Named after the client now.
    await reviews
      .getByRole('group', { name: `Client ${review}` })
      .getByRole('checkbox')
      .check();
  }

  const faq = await add('Questions and answers', 5);
  await faq.getByLabel('Question', { exact: true }).fill('Do you do Making Tax Digital?');
  await faq.getByRole('textbox', { name: 'Answer' }).click();
  await page.keyboard.type('Yes, for every landlord.');

  await add('A form', 6);
  await page.getByRole('status').getByText(pageMessages.saved).waitFor();

  await publishInMainNavigation(page, 'Landlords');

  // The second instance follows within seconds: the page, its place in the navigation, the sitemap.
  await waitUntil(async () => (await onSecond('/landlords')).status === 200, {
    timeoutMs: 10_000,
    what: () => 'the second instance to serve /landlords',
  });
  const published = await (await onSecond('/landlords')).text();
  for (const words of [
    'Landlords, sorted',
    'From £60 a month',
    'Priya Shah at their desk',
    'Tom Marsh at their desk',
    'Client 3',
    'Do you do Making Tax Digital?',
    'Send your enquiry',
  ])
    expect(published).toContain(words);
  await waitUntil(
    async () => (await (await onSecond('/')).text()).includes('<a href="/landlords">Landlords</a>'),
    {
      timeoutMs: 10_000,
      what: () => 'the second instance’s navigation to list Landlords',
    },
  );
  expect(await (await onSecond('/sitemap.xml')).text()).toContain('/landlords</loc>');

  // A visitor asks for a call with Tom: the calendar is his.
  const visitor = await page.context().newPage();
  await visitor.goto(`${t.site.url}/landlords`);
  await visitor.waitForSelector('html[data-hydrated]');
  await visitor.getByRole('button', { name: 'Book a call with Tom Marsh' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Book an initial call' });
  await dialog.getByText(/video call with Tom Marsh\. Choose a\s+day/).waitFor();
  await visitor.close();

  // A change, published as version 2; then version 1 put back and published again.
  await hero.getByLabel('Heading', { exact: true }).fill('Landlords, done for you');
  await page.getByRole('status').getByText(pageMessages.saved).waitFor();
  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await page.getByRole('status').getByText(pageMessages.published).waitFor();
  await page.getByRole('button', { name: 'Put version 1 back in the draft' }).click();
  await page.getByRole('status').getByText(pageMessages.restored).waitFor();
  await expect.poll(() => hero.getByLabel('Heading', { exact: true }).inputValue()).toBe('Landlords, sorted');
  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await page.getByRole('status').getByText(pageMessages.published).waitFor();

  // Renamed: the old address sends visitors on, here and on the second instance.
  await page.getByLabel('Address', { exact: true }).fill('/property-landlords');
  await page.getByRole('button', { name: 'Move the page', exact: true }).click();
  await page.getByRole('status').getByText(pageMessages.moved).waitFor();
  await waitUntil(async () => (await onSecond('/landlords')).status === 301, {
    timeoutMs: 10_000,
    what: () => 'the second instance to send /landlords on',
  });
  expect((await onSecond('/landlords')).headers.get('location')).toBe('/property-landlords');
  expect(await (await onSecond('/property-landlords')).text()).toContain('Landlords, sorted');

  // A second editor (another owner, in another browser) changes the title while this one types: the
  // later save is refused in words, and their version can be shown.
  const other = await t.browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, t.site, 'manager@fenwickhale.example', 'owner', page.url().replace(t.site.url, ''));
  await otherPage.getByLabel('Title', { exact: true }).fill('Landlords in Shropshire');
  await otherPage.getByRole('status').getByText(pageMessages.saved).waitFor();
  await page.getByLabel('Title', { exact: true }).fill('Landlords in Shrewsbury');
  await page.getByRole('alert').getByText(pageMessages.savedElsewhere).waitFor();
  // What this editor typed since its last save is replaced: it is asked first.
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Show their version' }).click();
  await expect
    .poll(() => page.getByLabel('Title', { exact: true }).inputValue())
    .toBe('Landlords in Shropshire');
  await other.close();
  // The refused save (409) is the one failed request the browser logs.
  expect(t.errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});
