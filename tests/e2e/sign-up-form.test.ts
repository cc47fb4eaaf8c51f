import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailingListMessages } from '#shared/mailing-list.ts';
import { sharedBrowser } from '../support/browser.ts';
import { type ComponentServer, startComponentServer } from '../support/components.ts';

// The small sign-up form on its own fixture page, its posts answered by the test: any 2xx means success
// (docs/behaviour/errors-and-messages.md#how-the-pages-show-answers), whatever the body, or none.
let server: ComponentServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startComponentServer('sign-up-form'), sharedBrowser()]);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  const context = await browser.newContext();
  page = await context.newPage();
  await page.goto(server.url('sign-up-form'));
  await page.getByLabel('Email address').waitFor();
  return () => context.close();
});

async function signUpAnswered(answer: { status: number; contentType?: string; body?: string }) {
  await page.unrouteAll();
  await page.route('**/subscribe', (route) => route.fulfill(answer));
  await page.getByLabel('Email address').fill('reader@example.com');
  await page.getByRole('button', { name: 'Sign up' }).click();
  const status = page.getByRole('status');
  await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent !== '');
  return status.textContent();
}

describe('the small sign-up form, answered oddly', () => {
  it.each([
    ['a 200 with no body', { status: 200 }],
    ['a 204', { status: 204 }],
    ['a 201 with a page', { status: 201, contentType: 'text/html', body: '<p>OK</p>' }],
    ['a 200 with broken JSON', { status: 200, contentType: 'application/json', body: '{"success":' }],
  ])('thanks the visitor for %s', async (_, answer) => {
    await expect(signUpAnswered(answer)).resolves.toBe(mailingListMessages.signedUp);
  });

  it('says there was a connection problem for a 500', async () => {
    await expect(signUpAnswered({ status: 500, body: '' })).resolves.toBe(
      mailingListMessages.connectionProblem,
    );
  });
});
