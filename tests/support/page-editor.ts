import type { Page } from 'playwright-core';
import { pageMessages } from '#shared/pages.ts';

// The back office's Pages screen as a partner uses it, for the browser specs of the firm's own pages.

/** Fills in "Start a page" on the Pages screen (already open) and presses its button. */
export async function startPage(
  page: Page,
  { path, title, description }: { path: string; title: string; description: string },
) {
  await page.getByLabel('Address', { exact: true }).fill(path);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill(description);
  await page.getByRole('button', { name: 'Start the page' }).click();
}

/** Adds a section of `kind` at the end of the page being edited; answers its group, the `place`th. */
export async function addSection(page: Page, kind: string, place: number) {
  await page.getByLabel('Kind of section').selectOption({ label: kind });
  await page.getByRole('button', { name: 'Add the section' }).click();
  return page.getByRole('group', { name: `${place}. ${kind}` });
}

/** As an owner in the page's editor: publishes the draft and lists the page in the main navigation as `words`. */
export async function publishInMainNavigation(page: Page, words: string) {
  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await page.getByRole('status').getByText(pageMessages.published).waitFor();
  await page.getByLabel('Where it is listed').selectOption({ label: 'In the main navigation' });
  await page.getByLabel('Words it is listed by (empty for its title)').fill(words);
  await page.getByRole('button', { name: 'Save the navigation' }).click();
  await page.getByRole('status').getByText(pageMessages.navChanged).waitFor();
}
