import { describe, expect, it } from 'vitest';
import { sendTaskDigests } from '#server/leads/task-digest.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { contact, post } from '../support/enquiries.ts';
import { demoFirm } from '../support/firms.ts';
import { signIn, staffMember } from '../support/signed-in.ts';

// A partner gives a lead to a colleague with a task; the colleague's next working morning brings the
// email of it (the clock fixed at that morning), and they tick it off under My tasks.
const t = setUpSiteInBrowser();

describe('owners and tasks in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`assigns a person and a task to a colleague, whose morning email lists it, and who ticks it off (${width} px)`, async () => {
      const email = `tasks.${width}@example.test`;
      expect((await post(t.site, '/contact-us-send', { ...contact(email), recToken: 'none' })).status).toBe(
        201,
      );
      const person = await t.site.db
        .selectFrom('people')
        .select('id')
        .where('email_key', '=', email)
        .executeTakeFirstOrThrow();
      const colleague = `colleague.${width}@fenwickhale.test`;
      const colleagueId = await staffMember(t.site, colleague, 'staff');
      await t.site.db
        .updateTable('users')
        .set({ name: `Cal ${width}` })
        .where('id', '=', colleagueId)
        .execute();

      const page = t.page;
      await page.setViewportSize({ width, height: 900 });
      await signIn(
        page,
        t.site,
        `partner.${width}@fenwickhale.test`,
        'owner',
        `/back-office/people/${person.id}`,
      );
      const tasks = page.getByRole('region', { name: 'Owner and tasks' });
      await tasks
        .getByRole('option', { name: `Cal ${width}` })
        .first()
        .waitFor({ state: 'attached' });
      await hydrated(page);
      await tasks.getByLabel('Looked after by').selectOption({ label: `Cal ${width}` });
      await tasks.getByRole('button', { name: 'Save owner' }).click();
      await tasks.getByRole('status').getByText(backOfficeMessages.ownerSaved).waitFor();

      // Due at 9:30 on Tuesday 24 November 2026 (GMT), for the colleague. A morning already past: the
      // outbox sends what is queued at the clock's time once that time has come.
      await tasks.getByLabel('Task').fill('Send the proposal');
      await tasks.getByLabel('Due').fill('2026-11-24T09:30');
      await tasks.getByLabel('For').selectOption({ label: `Cal ${width}` });
      await tasks.getByRole('button', { name: 'Add task' }).click();
      await tasks.getByRole('status').getByText(backOfficeMessages.taskAdded).waitFor();
      await tasks.getByRole('checkbox', { name: 'Send the proposal' }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      // That morning at 7, the colleague's email.
      await sendTaskDigests(t.site.db, {
        now: new Date('2026-11-24T07:00:00Z'),
        firm: demoFirm(),
        publicUrl: new URL(t.site.url),
      });
      const mail = await t.site.smtp.waitFor((m) => m.to.includes(colleague));
      expect(mail.parsed.subject).toBe('Your tasks for Tuesday 24 November 2026: 1 due today');
      expect(mail.parsed.text).toContain('09:30: Send the proposal (Amira Shah)');

      // The colleague ticks it off under My tasks.
      await page.context().clearCookies();
      await signIn(page, t.site, colleague, 'staff', '/back-office/tasks');
      await page.getByRole('heading', { name: 'My tasks', level: 1 }).waitFor();
      const task = page.getByRole('checkbox', { name: 'Send the proposal' });
      await hydrated(page);
      await task.check();
      await page.getByRole('status').getByText(backOfficeMessages.taskDone).waitFor();
      await expect(task.isChecked()).resolves.toBe(true);
      // Done, it is no longer overdue.
      await expect(page.getByText('Overdue').count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'Amira Shah' }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      // A task gone meanwhile (its person erased by a colleague): unticking it is refused, and the box
      // shows what the server still has rather than the click.
      await t.site.db.deleteFrom('tasks').where('title', '=', 'Send the proposal').execute();
      await task.click();
      await page.getByRole('alert').getByText(backOfficeMessages.noSuchTask).waitFor();
      await expect(task.isChecked()).resolves.toBe(true);
      expect(t.errors.filter((error) => !error.includes('404'))).toEqual([]);
    });
  }
});
