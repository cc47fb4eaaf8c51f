import type { Response } from 'playwright-core';
import { expect, it } from 'vitest';
import { setInstantQuote } from '#server/features/instant-quote/index.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { addUser, resetLinkIn } from '../support/accounts.ts';
import { firstBookableDate, postBooking } from '../support/booking.ts';
import { bookingModal } from '../support/booking-modal.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { sitePagePaths } from '../support/built-pages.ts';
import { type HtmlDocument, nuHtmlErrors } from '../support/nu-html-checker.ts';
import { sentProposal } from '../support/proposals.ts';
import { signIn } from '../support/signed-in.ts';
import { linkIn } from '../support/smtp.ts';

const t = setUpSiteInBrowser();
const { dialog, chooseDayAndTime } = bookingModal(() => t.page);

const built = sitePagePaths;

/** The page a navigation was served, as the server sent it (before any script ran). */
async function servedTo(browser: Promise<Response | null>): Promise<HtmlDocument> {
  const response = await browser;
  if (!response) throw new Error('The browser was served no page');
  expect(response.headers()['content-type']).toMatch(/^text\/html/);
  const name = `${response.request().method()} ${new URL(response.url()).pathname} (${response.status()})`;
  return { name, html: await response.text() };
}

/** Presses a form's button and takes the page its post is served. */
const afterPressing = (name: string) =>
  servedTo(
    Promise.all([t.page.waitForNavigation(), t.page.getByRole('button', { name, exact: true }).click()]).then(
      ([response]) => response,
    ),
  );

/** The page as the browser holds it now, scripts and all, as a document the checker can read. */
const liveDom = async (name: string): Promise<HtmlDocument> => ({
  name,
  html: `<!DOCTYPE html>\n${await t.page.evaluate(() => document.documentElement.outerHTML)}`,
});

/** A page fetched as a browser's form or link would ask for it, outside the browser. */
async function served(url: string, init: RequestInit = {}): Promise<HtmlDocument> {
  const response = await fetch(url, { ...init, headers: { accept: 'text/html', ...init.headers } });
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return {
    name: `${init.method ?? 'GET'} ${new URL(url).pathname} (${response.status})`,
    html: await response.text(),
  };
}

it('every page the site serves, and the booking modal open on the page, are valid HTML', async () => {
  const documents: HtmlDocument[] = [];
  const form = { 'content-type': 'application/x-www-form-urlencoded', origin: t.site.url };

  // The prerendered pages, the not-found page at an unknown path, the reset form through a real link
  // (an invitation the command sent) and the back office signed in.
  const email = 'nu.check@fenwickhale.test';
  await addUser(t.site, email);
  const invitation = await t.site.smtp.waitFor((mail) => mail.to.includes(email));
  for (const page of built) {
    if (page === '/back-office') await signIn(t.page, t.site, 'nu.staff@fenwickhale.test');
    const address =
      page === '/404'
        ? `${t.site.url}/no-such-page`
        : page === '/reset-password'
          ? resetLinkIn(invitation.parsed.text)
          : `${t.site.url}${page}`;
    documents.push(await servedTo(t.page.goto(address)));
  }

  // The pages the features write: a booked call's cancel page before and after its button.
  const { date, slots } = await firstBookableDate(t.site.url);
  const booked = buildBookCallPayload(date, slots[0] as (typeof slots)[number], 'nu.booker@example.com');
  expect((await postBooking(t.site.url, booked)).status).toBe(201);
  const confirmation = await t.site.smtp.waitFor(
    (mail) => mail.to.includes('nu.booker@example.com') && Boolean(mail.parsed.text?.includes('/bookings/')),
  );
  const cancelLink = linkIn(confirmation, '/bookings/cancel');
  documents.push(await servedTo(t.page.goto(cancelLink)));
  documents.push(await afterPressing('Cancel my call'));
  documents.push(await servedTo(t.page.goto(cancelLink)));

  // The newsletter's confirmation and unsubscribe pages, before and after their buttons.
  await t.page.goto(`${t.site.url}/newsletter`);
  await t.page.locator('main form').getByLabel('Email address').fill('nu.reader@example.com');
  await t.page.locator('main form').getByRole('button', { name: 'Subscribe' }).click();
  await t.page.waitForURL(`${t.site.url}/subscribed`);
  const welcome = await t.site.smtp.waitFor((mail) => mail.to.includes('nu.reader@example.com'));
  documents.push(await servedTo(t.page.goto(linkIn(welcome, '/subscribe/confirm'))));
  documents.push(await afterPressing('Confirm my subscription'));
  documents.push(await servedTo(t.page.goto(linkIn(welcome, '/unsubscribe'))));
  documents.push(await afterPressing('Unsubscribe'));

  // The refusals a stale or forged link or form meets.
  documents.push(
    await served(`${t.site.url}/bookings/cancel?token=unknown`),
    await served(`${t.site.url}/subscribe/confirm?token=unknown`),
    await served(`${t.site.url}/unsubscribe?token=unknown`),
    await served(`${t.site.url}/reset-password?token=unknown`),
    await served(`${t.site.url}/bookings/cancel`, { method: 'POST', headers: form, body: 'token=unknown' }),
    await served(`${t.site.url}/subscribe/confirm`, {
      method: 'POST',
      headers: { ...form, origin: 'https://elsewhere.example' },
      body: 'token=unknown',
    }),
    await served(`${t.site.url}/reset-password`, { method: 'POST', headers: form, body: 'token=x&p=short' }),
  );

  // A proposal's page as its client opens it, refused beside its fields, accepted; and a link that fails.
  const proposal = await sentProposal(t.site.db);
  documents.push(await servedTo(t.page.goto(`${t.site.url}/proposal?token=${proposal.token}`)));
  documents.push(await afterPressing('Accept'));
  await t.page.getByLabel('Your full name').fill('Nu Checker');
  await t.page.getByLabel('I agree to the terms of business').check();
  documents.push(await afterPressing('Accept'));
  documents.push(await served(`${t.site.url}/proposal?token=unknown`));
  // The instant quote: as served, priced by a form post, with problems, sent, and priced by its script.
  await setInstantQuote(t.site.db, true, { by: null, now: new Date() });
  const choices = 'services=bookkeeping&services=year-end-accounts&driver-transactions=180';
  documents.push(
    await servedTo(t.page.goto(`${t.site.url}/instant-quote`)),
    await served(`${t.site.url}/instant-quote`, {
      method: 'POST',
      headers: form,
      body: `${choices}&driver-entity=sole-trader&driver-turnover=under-90k`,
    }),
    await served(`${t.site.url}/instant-quote/send`, { method: 'POST', headers: form, body: choices }),
    await served(`${t.site.url}/instant-quote/sent`),
  );
  await hydrated(t.page);
  await t.page.getByRole('checkbox', { name: /^Bookkeeping/ }).check();
  await t.page.getByLabel('Bank transactions a month').fill('180');
  await t.page.locator('#iq-price').getByText('£130.00').first().waitFor();
  documents.push(await liveDom('the instant quote priced by its script'));

  // The booking modal as the browser builds it: open, with a day and a time chosen.
  await t.page.goto(t.site.url);
  // A click before the page is live would be lost: the visitor clicks once it is.
  await hydrated(t.page);
  await t.page.getByRole('button', { name: 'Book an initial call' }).first().click();
  await dialog().getByRole('grid').waitFor();
  documents.push(await liveDom('the home page with the booking modal open'));
  await chooseDayAndTime(date, slots[1] ?? (slots[0] as (typeof slots)[number]));
  documents.push(await liveDom('the booking modal with a day and a time chosen'));

  const names = documents.map((document) => document.name);
  for (const page of built) {
    expect(names).toContainEqual(expect.stringMatching(page === '/404' ? / \/no-such-page / : ` ${page} `));
  }
  expect(names).toEqual(
    expect.arrayContaining([
      'POST /bookings/cancel (200)',
      'POST /subscribe/confirm (200)',
      'POST /unsubscribe (200)',
      'POST /subscribe/confirm (403)',
      'GET /proposal (200)',
      'POST /proposal/accept (422)',
      'GET /instant-quote (200)',
      'POST /instant-quote (200)',
      'POST /instant-quote/send (422)',
      'GET /instant-quote/sent (200)',
    ]),
  );
  expect(await nuHtmlErrors(documents)).toEqual([]);
}, 150_000); // some thirty pages, two flows and one start of Java: longer than a one-page test on a busy machine
