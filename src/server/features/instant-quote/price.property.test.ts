import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unescapeHtml } from '#shared/html.ts';
import { instantQuoteWords } from '#shared/instant-quote.ts';
import {
  type Answers,
  type Driver,
  frequencies,
  frequencyWords,
  type PriceList,
  priceListSchema,
  priceServices,
  type Rule,
  type Service,
} from '#shared/pricing.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { postForm } from '#tests/support/instant-quote.ts';
import { setInstantQuote } from './settings.ts';

// The instant quote's figures, as a visitor without script reads them on the page the form post answers,
// against the one calculation, on 1,000 generated price lists, choices and answers.

/** Names that must come back as typed: markup and ampersands are escaped, not lost. */
const nameEnds = ['', ' & Co', ' <b>bold</b>', ' "quoted"', " O'Neill's"];

const driverArbitrary = (index: number): fc.Arbitrary<Driver> =>
  fc.oneof(
    fc.integer({ min: 2, max: 5 }).map(
      (options): Driver => ({
        kind: 'choice',
        key: `d${index}`,
        label: `Question ${index}`,
        options: Array.from({ length: options }, (_, n) => ({ key: `o${n}`, label: `Option ${n}` })),
      }),
    ),
    fc
      .integer({ min: 1, max: 10_000 })
      .map((max): Driver => ({ kind: 'count', key: `d${index}`, label: `Count ${index}`, max })),
  );

const ruleArbitrary = (drivers: Driver[]): fc.Arbitrary<Rule> =>
  fc.constantFrom(...drivers).chain((driver) =>
    driver.kind === 'choice'
      ? fc
          .record({
            kind: fc.constant('option' as const),
            driver: fc.constant(driver.key),
            option: fc.constantFrom(...driver.options.map((option) => option.key)),
            add: fc.integer({ min: 0, max: 100_000 }),
          })
          .map((rule): Rule => rule)
      : fc
          .record({
            kind: fc.constant('each' as const),
            driver: fc.constant(driver.key),
            included: fc.integer({ min: 0, max: 200 }),
            add: fc.integer({ min: 0, max: 100_000 }),
          })
          .map((rule): Rule => rule),
  );

const priceListArbitrary: fc.Arbitrary<PriceList> = fc
  .integer({ min: 0, max: 4 })
  .chain((driverCount) =>
    fc.tuple(...Array.from({ length: driverCount }, (_, index) => driverArbitrary(index))),
  )
  .chain((drivers) =>
    fc.record({
      vat: fc.record({
        basisPoints: fc.integer({ min: 0, max: 10_000 }),
        shown: fc.constantFrom('before' as const, 'with' as const),
      }),
      drivers: fc.constant(drivers),
      services: fc.integer({ min: 1, max: 6 }).chain((count) =>
        fc.tuple(
          ...Array.from({ length: count }, (_, index) =>
            fc.record<Service>({
              key: fc.constant(`s${index}`),
              name: fc.constantFrom(...nameEnds).map((end) => `Service ${index}${end}`),
              description: fc.constant<string>(''),
              frequency: fc.constantFrom(...frequencies),
              base: fc.integer({ min: 0, max: 9_999_999 }),
              rules:
                drivers.length > 0
                  ? fc.array(ruleArbitrary(drivers), { maxLength: 4 })
                  : fc.constant<Rule[]>([]),
            }),
          ),
        ),
      ),
    }),
  );

/** A price list with the services a visitor ticks and every answer they give. */
const caseArbitrary = priceListArbitrary.chain((list) =>
  fc.record({
    list: fc.constant(list),
    chosen: fc.subarray(list.services.map((service) => service.key)),
    answers: fc.tuple(
      ...list.drivers.map((driver) =>
        driver.kind === 'choice'
          ? fc.constantFrom(...driver.options.map((option) => option.key))
          : fc.integer({ min: 0, max: driver.max }),
      ),
    ),
  }),
);

/** "£1,234.56" as 123456. */
const penceOf = (shown: string) => Number(shown.replace(/[£,.]/g, ''));

const oftenOf = Object.fromEntries(frequencies.map((frequency) => [frequencyWords[frequency], frequency]));

/** What the page shows: each service's name and amount, and each total with its VAT, in pence. */
function readPrice(page: string) {
  const lines = [
    ...page.matchAll(/<tr><th scope="row">(.*?)<\/th><td>(.*?)<\/td><td class="amount">(.*?)<\/td><\/tr>/g),
  ].map(([, name = '', often = '', amount = '']) => ({
    name: unescapeHtml(name),
    frequency: oftenOf[often],
    amount: penceOf(amount),
  }));
  const totals = [
    ...page.matchAll(/<li>(£[\d,.]+) (a month|a year|once) (?:plus|including) VAT of (£[\d,.]+)<\/li>/g),
  ].map(([, amount = '', often = '', vat = '']) => ({
    frequency: oftenOf[often],
    amount: penceOf(amount),
    vat: penceOf(vat),
  }));
  return { lines, totals };
}

describe('the instant quote’s form post against the shared calculation', () => {
  let site: TestApp;

  beforeAll(async () => {
    site = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    await setInstantQuote(site.db, true, { by: null, now: new Date() });
  });
  afterAll(async () => site?.close());

  it('shows the same pence as priceServices on 1,000 generated price lists, choices and answers', async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async ({ list, chosen, answers: given }) => {
        // The price list as an owner would have saved it: its newest version is what the page prices from.
        expect(priceListSchema.safeParse(list).success).toBe(true);
        await site.db
          .insertInto('price_lists')
          .values({ document: JSON.stringify(list), created_by: null, created_at: new Date().toISOString() })
          .execute();
        const answers: Answers = Object.fromEntries(list.drivers.map((d, at) => [d.key, given[at] as never]));
        const fields: [string, string][] = [
          ...chosen.map((key): [string, string] => ['services', key]),
          ...list.drivers.map((d): [string, string] => [`driver-${d.key}`, String(answers[d.key])]),
        ];
        const response = await postForm(site, '/instant-quote', fields);
        const page = await response.text();
        if (chosen.length === 0) {
          expect(response.status).toBe(422);
          expect(unescapeHtml(page)).toContain(instantQuoteWords.noServices);
          return;
        }
        expect(response.status).toBe(200);
        const expected = priceServices(list, chosen, answers);
        const withVat = list.vat.shown === 'with';
        const shown = readPrice(page);
        expect(shown.lines).toEqual(
          expected.services.map((service) => ({
            name: service.name,
            frequency: service.frequency,
            amount: withVat ? service.fee + service.vat : service.fee,
          })),
        );
        expect(shown.totals).toEqual(
          frequencies
            .filter((frequency) => expected.services.some((service) => service.frequency === frequency))
            .map((frequency) => {
              const total = expected.totals[frequency];
              return { frequency, amount: withVat ? total.fee + total.vat : total.fee, vat: total.vat };
            }),
        );
      }),
      { numRuns: 1_000 },
    );
  }, 120_000);
});
