import sharp from 'sharp';
import { expect, it } from 'vitest';
import { pageMessages, pagePictureMessages } from '#shared/pages.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { addSection, publishInMainNavigation, startPage } from '../support/page-editor.ts';
import { signIn } from '../support/signed-in.ts';

// A partner adds a page of the firm's own on the back office's Pages screen, as they would for a niche
// they serve: sections added and filled in, rich text written with the toolbar, the draft saving itself,
// then published and found at its address and in the navigation.
const t = setUpSiteInBrowser();

it('an owner builds a Landlords page from sections, previews it, publishes it and finds it on the site', async () => {
  const page = t.page;
  await signIn(page, t.site, 'partner@fenwickhale.example', 'owner', '/back-office/pages');
  await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
  // The pages the site is built around are listed already.
  await page.getByRole('link', { name: 'Contact us' }).waitFor();

  // A taken address is refused, and the list of problems links to the field.
  const words = {
    title: 'Accountants for landlords',
    description: 'Rental accounts and tax returns for landlords.',
  };
  await startPage(page, { path: '/contact', ...words });
  await page.getByRole('alert').getByText(pageMessages.pathTaken).waitFor();
  await page.getByLabel('Address', { exact: true }).fill('/landlords');
  await page.getByRole('button', { name: 'Start the page' }).click();
  await page.getByRole('heading', { name: 'Accountants for landlords', level: 1 }).waitFor();

  const hero = await addSection(page, 'Opening band', 1);
  await hero.getByLabel('Heading', { exact: true }).fill('Landlords, sorted');
  await hero.getByLabel('Lead').fill('Your rental accounts and tax return, done for a fixed fee.');
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8fa3b8' } })
    .jpeg()
    .toBuffer();
  await hero
    .getByLabel('Picture (JPEG, PNG or WebP, up to 8 MB)')
    .setInputFiles({ name: 'terrace.jpg', mimeType: 'image/jpeg', buffer: photo });
  await hero.getByRole('status').getByText(pagePictureMessages.uploaded).waitFor();
  await hero.getByLabel('Description of the picture').fill('A terrace of rented houses');

  const services = await addSection(page, 'Services and prices', 2);
  await services.getByLabel('Service', { exact: true }).fill('One property');
  await services.getByLabel('Price (if you show one)').fill('From £60 a month');
  // A second service, moved above the first by the keyboard: focus goes with it.
  await services.getByRole('button', { name: 'Add a service' }).click();
  await services.getByLabel('Service', { exact: true }).nth(1).fill('A portfolio');
  await services.getByLabel('What it includes').nth(1).fill('Up to ten properties.');
  await services.getByRole('button', { name: 'Move A portfolio up' }).focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(() => services.locator('fieldset.bo-office > legend').allInnerTexts())
    .toEqual(['A portfolio', 'One property']);
  // Focus follows in the frame after the move is drawn.
  await expect
    .poll(() =>
      services
        .getByRole('button', { name: 'Move A portfolio down' })
        .evaluate((button) => button === document.activeElement),
    )
    .toBe(true);

  const faq = await addSection(page, 'Questions and answers', 3);
  await faq.getByLabel('Question', { exact: true }).fill('Do you do Making Tax Digital?');
  const answer = faq.getByRole('textbox', { name: 'Answer' });
  await answer.click();
  await page.keyboard.type('Yes, ');
  await faq.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('from April 2026');
  await faq.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('.');
  // Pasted from another program: a table comes as a line a row, a heading at the site's level, and a
  // script and a picture come to nothing.
  await page.keyboard.press('Enter');
  await answer.evaluate((box) => {
    const data = new DataTransfer();
    data.setData(
      'text/html',
      '<h1>Fees</h1><table><tr><th>Plan</th><th>Price</th></tr><tr><td>Basic</td><td>£95</td></tr></table>' +
        '<script>alert(1)</script><img src="x.png" alt="A chart"><p>Plain <b>bold</b></p>',
    );
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  // (The text box's own elements, by tag: its role hides their roles.)
  await answer.locator('h2', { hasText: 'Fees' }).waitFor();
  expect(await answer.locator('p').allInnerTexts()).toEqual(
    expect.arrayContaining(['Plan – Price', 'Basic – £95']),
  );
  expect(await answer.locator('img, script').count()).toBe(0);

  await addSection(page, 'A form', 4);
  // Moved up above the questions, by its button; then the questions dragged back above it by the mouse,
  // and the form moved up again.
  await page.getByRole('group', { name: '4. A form' }).getByRole('button', { name: 'Move up' }).click();
  await page.getByRole('group', { name: '3. A form' }).waitFor();
  // The keyboard stays on the moved section's button, and the status says where it went.
  await page.getByRole('status').getByText('Moved A form to place 3 of 4.').waitFor();
  await expect
    .poll(() =>
      page
        .getByRole('group', { name: '3. A form' })
        .getByRole('button', { name: 'Move up' })
        .evaluate((button) => button === document.activeElement),
    )
    .toBe(true);
  // Dragged by its handle onto the foot of the section above, as a mouse does it: held, moved, let go.
  // (Playwright's dragTo started no drag at all here once the sections above were taller than the screen.)
  const handle = page.getByRole('group', { name: '4. Questions and answers' }).locator('.bo-section__handle');
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  if (!from) throw new Error('the handle is not on the screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 40, { steps: 10 });
  await page.mouse.up();
  await page.getByRole('group', { name: '3. Questions and answers' }).waitFor();
  await page.getByRole('group', { name: '4. A form' }).getByRole('button', { name: 'Move up' }).click();
  await page.getByRole('group', { name: '3. A form' }).waitFor();

  await page.getByRole('status').getByText(pageMessages.saved).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);

  // The preview is the page as visitors will see it, drawn from the draft.
  await page.getByRole('button', { name: 'On a phone' }).click();
  const preview = page.frameLocator('iframe[title="Preview at 375 pixels wide"]');
  await preview.getByRole('heading', { name: 'Landlords, sorted', level: 1 }).waitFor();
  await preview.getByText('From £60 a month').waitFor();
  // A laptop's width, drawn smaller to fit the screen's column: the page whole, not scrolled sideways.
  await page.getByRole('button', { name: 'On a laptop' }).click();
  const laptop = page.locator('iframe[title="Preview at 1280 pixels wide"]');
  await page
    .frameLocator('iframe[title="Preview at 1280 pixels wide"]')
    .getByText('From £60 a month')
    .waitFor();
  const column = await page.getByRole('region', { name: 'Preview' }).boundingBox();
  await expect
    .poll(async () => (await laptop.boundingBox())?.width ?? 0)
    .toBeLessThanOrEqual(column?.width ?? 0);
  expect((await laptop.boundingBox())?.width).toBeGreaterThan((column?.width ?? 0) * 0.9);

  // Scheduled for a time to come first: nothing is published until then.
  await page.getByLabel('Publish at (your computer’s time)').fill('2031-01-06T09:00');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await page.getByRole('status').getByText(pageMessages.scheduled).waitFor();
  await page.getByText(/^Scheduled to go live Monday, 6 January 2031/).waitFor();
  expect((await fetch(`${t.site.url}/landlords`, { headers: { accept: 'text/html' } })).status).toBe(404);

  await publishInMainNavigation(page, 'Landlords');

  await page.goto(`${t.site.url}/`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Landlords' }).click();
  await page.getByRole('heading', { name: 'Landlords, sorted', level: 1 }).waitFor();
  // (Chromium hands the space typed before the bold to the bold text as it is typed, as word processors do.)
  expect((await page.locator('.faq strong').first().textContent())?.trim()).toBe('from April 2026');
  expect(await page.getByRole('button', { name: 'Send your enquiry' }).count()).toBe(1);
  const picture = page.getByRole('img', { name: 'A terrace of rented houses' });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  // The refused start (409) is the one failed request the browser logs.
  expect(t.errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});

it('a partner rewords the contact page, whose form and address stay, and visitors read the new words', async () => {
  const page = t.page;
  await signIn(page, t.site, 'partner@fenwickhale.example', 'owner', '/back-office/pages');
  await page.getByRole('link', { name: 'Contact us' }).click();
  await page.getByRole('heading', { name: 'Contact us', level: 1 }).waitFor();

  const form = page.getByRole('group', { name: '2. A form' });
  await form.getByText('Visitors find this on this page, so it stays.').waitFor();
  expect(await form.getByRole('button', { name: 'Remove this section' }).count()).toBe(0);
  await form.getByLabel('Step 1').fill('A partner reads your message the same day.');
  // A section of items moved by the keyboard keeps the keyboard on its own button, not on an item's
  // Remove, where a second Enter would delete what the section holds.
  const services = await addSection(page, 'Services and prices', 3);
  await services.getByRole('button', { name: 'Add a service' }).click();
  await services.getByRole('button', { name: 'Move up', exact: true }).press('Enter');
  const moved = page.getByRole('group', { name: '2. Services and prices' });
  await moved.waitFor();
  await expect
    .poll(() =>
      moved
        .getByRole('button', { name: 'Move up', exact: true })
        .evaluate((button) => button === document.activeElement),
    )
    .toBe(true);
  page.once('dialog', (dialog) => void dialog.accept());
  await moved.getByRole('button', { name: 'Remove this section' }).click();
  await page.getByRole('group', { name: '2. A form' }).waitFor();
  expect(await page.getByRole('button', { name: 'Move the page' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Remove the page' }).count()).toBe(0);
  await page.getByText('The site is built around this page: its address, /contact, stays').waitFor();
  await page.getByRole('status').getByText(pageMessages.saved).waitFor();
  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await page.getByRole('status').getByText(pageMessages.published).waitFor();

  await page.goto(`${t.site.url}/contact`);
  const aside = page.getByRole('complementary', { name: 'What happens next' });
  await aside.getByText('A partner reads your message the same day.').waitFor();
  expect(await page.getByRole('button', { name: 'Send your enquiry' }).count()).toBe(1);
});
