import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botCheckMessages } from '#shared/bot-check.ts';
import { enquiryMessages } from '#shared/enquiries.ts';
import { unescapeHtml } from '#shared/html.ts';
import { instantQuoteWords } from '#shared/instant-quote.ts';
import { priceServices } from '#shared/pricing.ts';
import { starterPriceList } from '#shared/starter-price-list.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { enquiriesFrom, mailTo } from '#tests/support/enquiries.ts';
import { send } from '#tests/support/http.ts';
import { postForm } from '#tests/support/instant-quote.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { setInstantQuote } from './settings.ts';

/** A limited company's bookkeeping (180 transactions) and year-end accounts, as the form posts them. */
const choices: [string, string][] = [
  ['services', 'bookkeeping'],
  ['services', 'year-end-accounts'],
  ['driver-entity', 'limited-company'],
  ['driver-turnover', '90k-250k'],
  ['driver-transactions', '180'],
];

describeEachDatabase('the instant quote', (database) => {
  let site: TestApp;
  let smtp: TestSmtpServer;
  let owner: ReturnType<typeof backOfficeClient>;
  let staff: ReturnType<typeof backOfficeClient>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({
      database,
      env: { SMTP_URL: smtp.url, STAFF_EMAIL: 'enquiries@fenwickhale.test', RATE_LIMIT_PER_MINUTE: '1000' },
    });
    owner = backOfficeClient(site, await signedInStaff(site, 'olive@fenwickhale.test', 'owner'));
    staff = backOfficeClient(site, await signedInStaff(site, 'sam@fenwickhale.test', 'staff'));
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  it('is off until an owner turns it on, and an owner alone may', async () => {
    const off = await send(site, '/instant-quote');
    expect(off.status).toBe(404);
    expect(await off.text()).toContain(`<h1>${instantQuoteWords.off}</h1>`);

    const refused = await staff.send('/instant-quote', { enabled: true }, 'PUT');
    expect(refused.status).toBe(403);
    expect(await staff.json('/instant-quote')).toEqual({ enabled: false });
    const on = await owner.send('/instant-quote', { enabled: true }, 'PUT');
    expect([on.status, (await on.json()).infoMessages]).toEqual([200, ['The instant quote is on the site.']]);
    expect(await staff.json('/instant-quote')).toEqual({ enabled: true });

    const page = await send(site, '/instant-quote');
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(`<h1>${instantQuoteWords.title}</h1>`);
    expect(text).toContain(`<p>${instantQuoteWords.noPriceYet}</p>`);
  });

  it('prices a form post with the shared calculation, and says each problem in words', async () => {
    await setInstantQuote(site.db, true, { by: null, now: new Date() });
    const priced = await postForm(site, '/instant-quote', choices);
    expect(priced.status).toBe(200);
    const page = unescapeHtml(await priced.text());
    // £90 and 80 transactions over the 100 included at 50p; £600, £300 for a company, £200 for the band.
    expect(page).toContain('<th scope="row">Bookkeeping</th><td>a month</td><td class="amount">£130.00</td>');
    expect(page).toContain('<li>£130.00 a month plus VAT of £26.00</li>');
    expect(page).toContain('<li>£1,100.00 a year plus VAT of £220.00</li>');
    expect(page).toContain('<caption>Prices are before VAT at 20%.</caption>');
    // What was chosen is shown again as chosen.
    expect(page).toMatch(/value="year-end-accounts" id="[^"]+" checked>/);
    expect(page).toContain('<option value="limited-company" selected>');

    const wrong = await postForm(site, '/instant-quote', [
      ['services', 'bookkeeping'],
      ['services', 'no-such-service'],
      ['driver-transactions', '12.5'],
    ]);
    expect(wrong.status).toBe(422);
    const problems = unescapeHtml(await wrong.text());
    expect(problems).toContain(instantQuoteWords.unknownService);
    expect(problems).toContain('Bank transactions a month: please enter a whole number from 0 to 10,000');
    const none = unescapeHtml(await (await postForm(site, '/instant-quote', [])).text());
    expect(none).toContain(`<a href="#iq-services-bookkeeping">${instantQuoteWords.noServices}</a>`);
  });

  it('records the lead with the server’s figures whatever the browser posts, mails both, and shows staff', async () => {
    const email = 'iris.quote@example.co.uk';
    const response = await postForm(site, '/instant-quote/send', [
      ...choices,
      // Figures a browser has no say in: ignored, as is any field the server does not ask for.
      ['fee', '1'],
      ['total', '1'],
      ['pricing', '{"services":[]}'],
      ['name', 'Iris Quote'],
      ['emailAddress', email],
      ['accept', 'on'],
      ['recToken', 'none'],
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/instant-quote/sent');

    const [stored, ...more] = await enquiriesFrom(site, email);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ kind: 'quote', name: 'Iris Quote', organisation: '' });
    const expected = priceServices(starterPriceList, ['bookkeeping', 'year-end-accounts'], {
      entity: 'limited-company',
      turnover: '90k-250k',
      transactions: 180,
    });
    const details = JSON.parse(stored?.details as string);
    expect(details).toEqual({
      optin: false,
      instantQuote: {
        priceListVersion: null,
        vat: { basisPoints: 2000, shown: 'before' },
        services: ['bookkeeping', 'year-end-accounts'],
        answers: { entity: 'limited-company', turnover: '90k-250k', transactions: 180 },
        answerLines: [
          { label: 'Kind of business', value: 'Limited company' },
          { label: 'Annual turnover', value: '£90,000 to £250,000' },
          { label: 'Bank transactions a month', value: '180' },
        ],
        pricing: expected,
      },
    });
    expect(expected.totals.monthly).toEqual({ fee: 13_000, vat: 2_600 });

    const notice = await smtp.waitFor((m) => m.parsed.subject === 'New instant quote: Iris Quote');
    expect(notice.parsed.text).toContain('Bookkeeping\n£130.00 a month');
    expect(notice.parsed.text).toContain('In total\n£1,100.00 a year plus VAT of £220.00');
    const figures = await smtp.waitFor((m) => m.to.includes(email));
    expect(figures.parsed.subject).toBe('Your quote from Fenwick & Hale');
    expect(figures.parsed.text).toContain('Year-end accounts: £1,100.00 a year');
    expect(figures.parsed.text).toContain('Prices are before VAT at 20%.');
    expect((await mailTo(site, email)).map((m) => m.kind)).toEqual(['quote-acknowledgement']);

    // Staff open it as a quote request with an opportunity, the quote's lines and totals among its details.
    const lead = await staff.json(`/enquiries/${stored?.reference}`);
    expect(lead.details.instantQuote.pricing).toEqual(expected);
    expect(stored?.opportunity_id).toEqual(expect.any(Number));
    const csv = await (await staff.get(`/quote-requests.csv?q=${email}`)).text();
    expect(csv).toContain(
      'Bookkeeping: £130.00 a month; Year-end accounts: £1,100.00 a year; In total: £130.00 a month plus VAT of £26.00; In total: £1,100.00 a year plus VAT of £220.00; Kind of business: Limited company',
    );

    const thanks = await send(site, '/instant-quote/sent');
    const thanksPage = await thanks.text();
    expect(thanksPage).toContain(`<h1>${instantQuoteWords.sentTitle}</h1>`);
    expect(thanksPage).toContain('data-book-call=""');
  });

  describe('refuses to send', () => {
    it('without a name, a good address or the box ticked, keeping the choices and storing nothing', async () => {
      const response = await postForm(site, '/instant-quote/send', [
        ...choices,
        ['name', ' '],
        ['emailAddress', 'not-an-address'],
        ['recToken', 'none'],
      ]);
      expect(response.status).toBe(422);
      const page = unescapeHtml(await response.text());
      expect(page).toContain('Please enter your name');
      expect(page).toContain(enquiryMessages.acceptMissing);
      expect(page).toContain('<li>£130.00 a month plus VAT of £26.00</li>');
      expect(page).toContain('value="not-an-address"');
      expect(await enquiriesFrom(site, 'not-an-address')).toEqual([]);
    });

    it('from a bot that fills the hidden field, as if sent, keeping nothing', async () => {
      const email = 'bot.quote@example.co.uk';
      const response = await postForm(site, '/instant-quote/send', [
        ...choices,
        ['name', 'Bot'],
        ['emailAddress', email],
        ['accept', 'on'],
        ['homepage', 'http://spam.example'],
      ]);
      expect(response.status).toBe(303);
      expect(await enquiriesFrom(site, email)).toEqual([]);
    });
  });

  it('prices from the newest version of the price list, with VAT in the prices when it says so', async () => {
    const withVat = structuredClone(starterPriceList);
    withVat.vat.shown = 'with';
    const saved = await owner.send('/price-list', { basedOn: null, priceList: withVat }, 'PUT');
    expect(saved.status).toBe(200);
    const page = unescapeHtml(await (await postForm(site, '/instant-quote', choices)).text());
    expect(page).toContain('<td class="amount">£156.00</td>');
    expect(page).toContain('<li>£156.00 a month including VAT of £26.00</li>');
    expect(page).toContain('<caption>Prices include VAT at 20%.</caption>');
  });
});

describeEachDatabase('the instant quote’s bot check', (database) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({
      database,
      env: { CAPTCHA_PROVIDER: 'altcha', RATE_LIMIT_PER_MINUTE: '1000' },
    });
    await setInstantQuote(site.db, true, { by: null, now: new Date() });
  });
  afterAll(async () => site?.close());

  it('refuses a send without a valid token, saying so on the page with the price kept, and what to do without script', async () => {
    const email = 'no.token@example.co.uk';
    const response = await postForm(site, '/instant-quote/send', [
      ...choices,
      ['name', 'Nia Token'],
      ['emailAddress', email],
      ['accept', 'on'],
      ['recToken', 'not-a-token'],
    ]);
    expect(response.status).toBe(403);
    const page = unescapeHtml(await response.text());
    expect(page).toContain(botCheckMessages.failed);
    expect(page).toContain('<li>£130.00 a month plus VAT of £26.00</li>');

    // Posted by a browser that ran no script: no token at all, and words that say what to do.
    const scriptless = await postForm(site, '/instant-quote/send', [
      ...choices,
      ['name', 'Nia Token'],
      ['emailAddress', email],
      ['accept', 'on'],
      ['recToken', ''],
    ]);
    expect(scriptless.status).toBe(403);
    expect(unescapeHtml(await scriptless.text())).toContain(instantQuoteWords.needsScript);
    expect(await enquiriesFrom(site, email)).toEqual([]);
  });
});

describe('the instant quote’s rate limits', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    await setInstantQuote(site.db, true, { by: null, now: new Date() });
  });
  afterAll(async () => site?.close());

  it('lets an address send twice a minute and price five times as often, then asks it to wait', async () => {
    const sends = [];
    for (let n = 0; n < 3; n++) sends.push((await postForm(site, '/instant-quote/send', choices)).status);
    expect(sends).toEqual([422, 422, 429]);
    const prices = [];
    for (let n = 0; n < 11; n++) prices.push((await postForm(site, '/instant-quote', choices)).status);
    expect(prices).toEqual([...Array(10).fill(200), 429]);
  });
});
