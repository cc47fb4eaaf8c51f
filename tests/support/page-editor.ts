import type { Page } from 'playwright-core';

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
