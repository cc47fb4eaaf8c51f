import { describe, expect, it } from 'vitest';
import { articleMessages } from '#shared/articles.ts';
import { newsletterMessages } from '#shared/newsletter.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { publishAsSeen } from '../support/seen-versions.ts';
import { signedInApi, signIn } from '../support/signed-in.ts';
import { backOfficeClient } from '../support/staff.ts';

// An owner's screen sends the version it shows with "Publish", "Publish these changes" and "Send now":
// a member of staff's change made after it loaded is refused, and the screen shows the message and the
// item as it now is, so that what the owner publishes next is what they read. The API tests are
// src/server/http/owner-acts-as-seen.test.ts.
const t = setUpSiteInBrowser();

async function people(tag: string) {
  const ownerEmail = `olive.${tag}@fenwickhale.test`;
  const staffEmail = `sam.${tag}@fenwickhale.test`;
  const owner = backOfficeClient(t.site, await signedInApi(t.site, ownerEmail, 'owner'));
  const staff = backOfficeClient(t.site, await signedInApi(t.site, staffEmail, 'staff'));
  await signIn(t.page, t.site, ownerEmail);
  return { owner, staff };
}

const article = async (owner: ReturnType<typeof backOfficeClient>, slug: string, body: string) => {
  const { authors } = await owner.json('/articles');
  const fields = {
    title: `About ${slug}`,
    summary: 'What to send HMRC in April.',
    slug,
    tags: 'payroll',
    authorUserId: authors[0].id,
    authorName: 'Olive Owner',
    body,
  };
  const id = (await (await owner.send('/articles', fields)).json()).id as number;
  return { id, fields };
};

const liveText = async (slug: string) => (await fetch(`${t.site.url}/insights/${slug}`)).text();
/** The editors load lazily, and the machine may be busy. */
const slow = { timeout: 20_000 };
/** The refused request's own console line is expected; nothing else may go wrong. */
const unexpectedErrors = () => t.errors.filter((error) => !error.includes('409'));

describe('an owner’s screens publish and send only what they show, in Chromium', () => {
  it('refuses pending changes edited again after the review opened, then shows and publishes them', {
    timeout: 120_000,
  }, async () => {
    const { owner, staff } = await people('review');
    const { id, fields } = await article(owner, 'payroll-dates', 'Send it by **19 April**.');
    expect((await publishAsSeen(owner, id)).status).toBe(200);
    await staff.send(`/articles/${id}`, { ...fields, body: 'Send it by **5 April**.' }, 'PUT');

    await t.page.goto(`${t.site.url}/back-office/insights/${id}`);
    const review = t.page.getByRole('region', { name: 'Changes waiting for review' });
    await review.getByText('5 April').waitFor();
    await staff.send(`/articles/${id}`, { ...fields, body: 'Send it by **1 April**.' }, 'PUT');

    await review.getByRole('button', { name: 'Publish these changes' }).click();
    await t.page.getByRole('alert').getByText(articleMessages.revisionChangedSinceOpened).waitFor();
    await review.getByText('1 April').waitFor();
    expect(await review.getByText('5 April').count()).toBe(0);
    expect(await liveText('payroll-dates')).toContain('<strong>19 April</strong>');

    await review.getByRole('button', { name: 'Publish these changes' }).click();
    await t.page.getByRole('status').getByText(articleMessages.revisionPublished).waitFor();
    expect(await liveText('payroll-dates')).toContain('<strong>1 April</strong>');
    expect(unexpectedErrors()).toEqual([]);
  });

  it('tells the second of two people saving one article that the first saved, keeping their words', {
    timeout: 120_000,
  }, async () => {
    const { owner, staff } = await people('second-save');
    const { id, fields } = await article(owner, 'two-savers', 'The text both read.');
    await t.page.goto(`${t.site.url}/back-office/insights/${id}`);
    await t.page.getByRole('button', { name: 'Write as Markdown' }).click();
    const text = t.page.getByLabel('Text (Markdown)');
    await expect.poll(() => text.inputValue(), slow).toBe('The text both read.');
    await staff.send(`/articles/${id}`, { ...fields, body: 'Sam saved first.' }, 'PUT');

    await text.fill('Olive’s own words.');
    await t.page.getByRole('button', { name: 'Save', exact: true }).click();
    await t.page.getByRole('alert').getByText(articleMessages.savedSinceOpened).waitFor();
    expect(await text.inputValue()).toBe('Olive’s own words.');
    expect((await owner.json(`/articles/${id}`)).body).toBe('Sam saved first.');

    // Told, she saves again on purpose: hers replaces it.
    await t.page.getByRole('button', { name: 'Save', exact: true }).click();
    await t.page.getByRole('status').getByText(articleMessages.saved).waitFor();
    expect((await owner.json(`/articles/${id}`)).body).toBe('Olive’s own words.');
    expect(unexpectedErrors()).toEqual([]);
  });

  it('refuses to publish a draft staff changed after the editor opened, then shows and publishes it', {
    timeout: 120_000,
  }, async () => {
    const { owner, staff } = await people('draft');
    const { id, fields } = await article(owner, 'year-end-draft', 'The text the owner read.');
    await t.page.goto(`${t.site.url}/back-office/insights/${id}`);
    await t.page.getByRole('button', { name: 'Write as Markdown' }).click();
    const text = t.page.getByLabel('Text (Markdown)');
    await expect.poll(() => text.inputValue(), slow).toBe('The text the owner read.');
    await staff.send(`/articles/${id}`, { ...fields, body: 'Text staff wrote since.' }, 'PUT');

    await t.page.getByRole('button', { name: 'Publish now' }).click();
    await t.page.getByRole('alert').getByText(articleMessages.changedSinceOpened).waitFor();
    await expect.poll(() => text.inputValue(), slow).toBe('Text staff wrote since.');
    expect((await fetch(`${t.site.url}/insights/year-end-draft`)).status).toBe(404);

    await t.page.getByRole('button', { name: 'Publish now' }).click();
    await t.page.getByRole('status').getByText(articleMessages.published).waitFor();
    expect(await liveText('year-end-draft')).toContain('Text staff wrote since.');
    expect(unexpectedErrors()).toEqual([]);
  });

  it('refuses to send a newsletter staff changed after the owner opened it, then shows it as it now is', {
    timeout: 120_000,
  }, async () => {
    const { owner, staff } = await people('newsletter');
    const created = await staff.send('/campaigns', {
      subject: 'April news',
      bodyMarkdown: 'What the owner read.',
    });
    const id = (await created.json()).id as number;
    t.page.on('dialog', (dialog) => void dialog.accept());
    await t.page.goto(`${t.site.url}/back-office/newsletter/${id}`);
    // The editor shows the newsletter as saved, and, once told, the version written since.
    const text = t.page.getByRole('textbox', { name: 'Text' });
    await expect.poll(() => text.innerText(), slow).toBe('What the owner read.');
    await staff.send(`/campaigns/${id}`, { subject: 'April news', bodyMarkdown: 'Written since.' }, 'PUT');

    await t.page.getByRole('button', { name: 'Send now' }).click();
    await t.page.getByRole('alert').getByText(newsletterMessages.changedSinceOpened).waitFor();
    await expect.poll(() => text.innerText(), slow).toBe('Written since.');
    expect((await owner.json(`/campaigns/${id}`)).status).toBe('draft');

    await t.page.getByRole('button', { name: 'Send now' }).click();
    await t.page.getByRole('status').getByText('Sending has started.').waitFor();
    expect(unexpectedErrors()).toEqual([]);
  });
});
