import { describe, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { contact, post, quote } from '../support/enquiries.ts';
import { signIn } from '../support/signed-in.ts';

// A receptionist finds a client with `/`, merges the record of her work address into the one of her home
// address, undoes it, and corrects her phone number by hand.
const t = setUpSiteInBrowser();

describe('a person’s records kept by staff, in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`finds a client with /, merges her two records, undoes it and corrects her phone (${width} px)`, async () => {
      const name = `Ines Duarte ${width}`;
      const home = `ines.${width}@home.test`;
      const work = `i.duarte.${width}@work.test`;
      for (const sent of [
        await post(t.site, '/contact-us-send', { ...contact(home), name, recToken: 'none' }),
        await post(t.site, '/show-contact-send', { ...quote(work), name, recToken: 'none' }),
      ]) {
        expect(sent.status).toBe(201);
      }

      const page = t.page;
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, t.site, `desk.${width}@fenwickhale.test`, 'staff');
      await hydrated(page);
      // `/` anywhere but in a field takes the keyboard to the search (on a phone, opening the menu).
      await page.getByRole('main').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('/');
      const search = page.getByRole('searchbox', { name: /Search/ });
      await expect.poll(() => search.evaluate((box) => box === document.activeElement)).toBe(true);
      await page.keyboard.type(`duarte ${width}`);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: `Search: duarte ${width}`, level: 1 }).waitFor();
      const people = page.getByRole('main').getByRole('link', { name });
      await expect.poll(() => people.count()).toBe(2);
      expect(await accessibilityViolations(page)).toEqual([]);

      // The record of her home address: the other is found by its address and merged into it.
      await page
        .getByRole('main')
        .getByRole('link', { name: /Quote request/ })
        .waitFor();
      const homeId = (
        await t.site.db
          .selectFrom('people')
          .select('id')
          .where('email_key', '=', home)
          .executeTakeFirstOrThrow()
      ).id;
      await page.goto(`${t.site.url}/back-office/people/${homeId}`);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await hydrated(page);
      await page.getByLabel('Another record of theirs (name or address)').fill(work);
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      page.once('dialog', (dialog) => dialog.accept());
      await page.getByRole('button', { name: `Merge ${name} into this record` }).click();
      await page.getByRole('status').getByText(backOfficeMessages.merged).waitFor();
      const leads = page.getByRole('region', { name: 'Each of their leads' }).getByRole('row');
      await expect.poll(() => leads.count()).toBe(3);
      await page.getByText(`Merged in ${work}: one lead moved here`).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.getByRole('button', { name: `Undo the merge of ${work}` }).click();
      await page.getByRole('status').getByText(backOfficeMessages.unmerged).waitFor();
      await expect.poll(() => leads.count()).toBe(2);

      // Her new number, typed by hand: the lead's own details stay as she sent them.
      await page.getByText('Correct their details').click();
      await page.getByLabel('Phone', { exact: true }).fill('01743 360214');
      await page.getByRole('button', { name: 'Save details' }).click();
      await page.getByRole('status').getByText(backOfficeMessages.detailsSaved).waitFor();
      await page.getByRole('link', { name: '01743 360214' }).waitFor();
      await page.getByText('Details: phone now “01743 360214”').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });
  }
});
