import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { contact, post } from '../support/enquiries.ts';
import { seedOpportunities } from '../support/opportunities.ts';
import { signIn, staffMember } from '../support/signed-in.ts';

// The overview opens on what needs the member today: what came in since their last visit, who has waited
// longer than the firm promises for a reply, the calls of today and tomorrow, and their tasks due.
const t = setUpSiteInBrowser();

describe('the overview’s Today in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`shows the new leads, who is waiting, the calls and your tasks (${width} px)`, async () => {
      const email = `today.${width}@fenwickhale.test`;
      const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
      const userId = await staffMember(t.site, email);
      // Their previous visit ended an hour ago.
      await t.site.db
        .updateTable('users')
        .set({ visit_session: 'an-earlier-visit', visit_seen_at: hourAgo })
        .where('id', '=', userId)
        .execute();
      const visitor = `fresh.${width}@example.test`;
      expect(
        (
          await post(t.site, '/contact-us-send', {
            ...contact(visitor),
            name: `Nadia ${width}`,
            recToken: 'none',
          })
        ).status,
      ).toBe(201);
      await seedOpportunities(t.site.db, { count: 1, stage: 'new', prefix: `waiting${width}` });
      const waiting = await t.site.db
        .selectFrom('people')
        .select('id')
        .where('email', '=', `waiting${width}.0@example.test`)
        .executeTakeFirstOrThrow();
      await t.site.db
        .updateTable('opportunities')
        .set({ created_at: new Date(Date.now() - 10 * 86_400_000).toISOString() })
        .where('person_id', '=', waiting.id)
        .execute();
      await t.site.db
        .updateTable('people')
        .set({ name: `Wendy ${width}` })
        .where('id', '=', waiting.id)
        .execute();
      const soon = new Date(Date.now() + 3_600_000).toISOString();
      await t.site.db
        .insertInto('bookings')
        .values({
          reference: `TODAY-${width}`,
          email: `caller.${width}@example.test`,
          starts_at: soon,
          ends_at: soon,
          local_date: soon.slice(0, 10),
          local_time: soon.slice(11, 16),
          time_zone: 'Europe/London',
          status: 'confirmed',
          cancel_token_hash: `today-${width}`,
          created_at: hourAgo,
        })
        .execute();
      await t.site.db
        .insertInto('tasks')
        .values({
          person_id: waiting.id,
          title: `Chase Wendy ${width}`,
          due_at: hourAgo,
          assignee_id: userId,
          done_at: null,
          created_by: userId,
          created_at: hourAgo,
        })
        .execute();

      const page = t.page;
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, t.site, email);
      const part = (name: RegExp) => page.getByRole('region', { name });
      await part(/^New since your last visit/)
        .getByRole('link', { name: `Nadia ${width}` })
        .waitFor();
      await part(/^Waiting for a reply/)
        .getByRole('link', { name: `Wendy ${width}` })
        .waitFor();
      await part(/^Calls today and tomorrow/)
        .getByRole('link', { name: `caller.${width}@example.test` })
        .waitFor();
      await part(/^Your tasks due/)
        .getByRole('checkbox', { name: `Chase Wendy ${width}` })
        .waitFor();
      await part(/^Your tasks due/)
        .getByText('Overdue')
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });
  }
});
