import { describe, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { firstBookableDate, postBooking } from '../support/booking.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { contact, post } from '../support/enquiries.ts';
import { signIn } from '../support/signed-in.ts';

// Everything from one address, whatever its letter case, is one person: their page in the back office
// lists each of their leads and one timeline of all of them.
const t = setUpSiteInBrowser();

describe('a person in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`shows an enquiry and a call from one address, in two letter cases, on one person's page (${width} px)`, async () => {
      const email = `amira.${width}@example.test`;
      const enquiry = await post(t.site, '/contact-us-send', {
        ...contact(email.replace('amira', 'Amira')),
        recToken: 'none',
      });
      expect(enquiry.status).toBe(201);
      const { date, slots } = await firstBookableDate(t.site.url);
      const booked = await postBooking(t.site.url, buildBookCallPayload(date, slots[0] as never, email));
      expect(booked.status).toBe(201);
      const call = await t.site.db
        .selectFrom('bookings')
        .select('reference')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();

      const page = t.page;
      await page.setViewportSize({ width, height: 900 });
      await signIn(
        page,
        t.site,
        `people.${width}@fenwickhale.test`,
        'staff',
        `/back-office/bookings/${call.reference}`,
      );
      await page.getByRole('link', { name: 'Everything from this person' }).click();

      await page.getByRole('heading', { name: 'Amira Shah', level: 1 }).waitFor();
      const leads = page.getByRole('region', { name: 'Leads' }).getByRole('row');
      // A header row, then the call and the enquiry, newest first.
      await expect.poll(() => leads.count()).toBe(3);
      expect(await leads.nth(1).textContent()).toContain(`Call ${call.reference}`);
      expect(await leads.nth(2).textContent()).toContain(
        'We are opening a second surgery. Can you help with payroll?',
      );
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await expect.poll(() => timeline.getByText('Received', { exact: true }).count()).toBe(2);
      expect(await accessibilityViolations(page)).toEqual([]);

      // Both are one piece of new business, whose value staff say here and the board's card then shows.
      const business = page.getByRole('region', { name: 'New business' });
      await expect(business.getByRole('listitem').count()).resolves.toBe(1);
      await hydrated(page);
      await business.getByLabel('Value (£)').fill('1,250');
      await business.getByRole('button', { name: 'Save value' }).click();
      await business.getByRole('status').getByText('Value saved.').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.goto(`${t.site.url}/back-office/pipeline`);
      const { reference } = await t.site.db
        .selectFrom('enquiries')
        .select('reference')
        .where('email', '=', email.replace('amira', 'Amira'))
        .executeTakeFirstOrThrow();
      // The card opens its first lead, the enquiry.
      const card = page.getByRole('listitem').filter({ has: page.locator(`a[href$="/${reference}"]`) });
      await card.getByText('£1,250 ·').waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Amira Shah', level: 1 }).waitFor();

      // From the person, each lead opens on its own page.
      await leads.nth(2).getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: /Amira Shah/ }).waitFor();
      expect(page.url()).toContain('/back-office/enquiries/');
      expect(t.errors).toEqual([]);
    });
  }
});
