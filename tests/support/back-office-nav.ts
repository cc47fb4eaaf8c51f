import type { Page } from 'playwright-core';

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });

/**
 * Opens a back-office section from its navigation, as a person would at any width: on a narrow screen
 * the sections are folded behind the Menu button, so it is opened first.
 */
export async function openSection(page: Page, name: string) {
  const link = page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name, exact: true });
  if (await menuButton(page).isVisible()) {
    if ((await menuButton(page).getAttribute('aria-expanded')) !== 'true') await menuButton(page).click();
  }
  await link.click();
}
