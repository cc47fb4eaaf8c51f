import { describe, expect, it } from 'vitest';
import {
  type Answers,
  type PriceList,
  penceFromTyped,
  priceListSchema,
  priceServices,
  typedPounds,
  vatOn,
} from './pricing.ts';
import { starterPriceList } from './starter-price-list.ts';

describe('a fee from the firm’s price list', () => {
  it('prices a limited company’s bookkeeping, accounts and payroll from its answers, to the penny', () => {
    const answers: Answers = {
      entity: 'limited-company',
      turnover: '90k-250k',
      transactions: 180,
      payslips: 4,
    };
    const priced = priceServices(starterPriceList, ['bookkeeping', 'year-end-accounts', 'payroll'], answers);
    expect(priced.services.map((service) => [service.key, service.fee, service.vat])).toEqual([
      // £90 and 80 transactions over the 100 included at 50p.
      ['bookkeeping', 13_000, 2_600],
      // £600, £300 for a limited company, £200 for the turnover band.
      ['year-end-accounts', 110_000, 22_000],
      // £25 and four payslips at £6.
      ['payroll', 4_900, 980],
    ]);
    expect(priced.totals).toEqual({
      monthly: { fee: 17_900, vat: 3_580 },
      annually: { fee: 110_000, vat: 22_000 },
      once: { fee: 0, vat: 0 },
    });
  });

  it('adds nothing for a count at or under what the base includes, nor for an answer it does not know', () => {
    const [service] = priceServices(starterPriceList, ['bookkeeping'], { transactions: 100 }).services;
    expect(service?.fee).toBe(9_000);
    for (const transactions of [-5, 1.5, '300', Number.NaN]) {
      const [odd] = priceServices(starterPriceList, ['bookkeeping'], { transactions }).services;
      expect([transactions, odd?.fee]).toEqual([transactions, 9_000]);
    }
    expect(priceServices(starterPriceList, ['no-such-service'], {}).services).toEqual([]);
  });

  it('rounds VAT to the nearest penny, half a penny up, in whole numbers', () => {
    expect(vatOn(1_001, 2000)).toBe(200); // 200.2p
    expect(vatOn(1_003, 2000)).toBe(201); // 200.6p
    expect(vatOn(1_025, 500)).toBe(51); // 51.25p
    expect(vatOn(1_010, 500)).toBe(51); // 50.5p: half up
    expect(vatOn(12_345, 0)).toBe(0);
  });

  it('matches a second reckoning, in pounds and pence apart, on 1,000 generated price lists and answers', () => {
    let seed = 36_037;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 1_000; round++) {
      const list: PriceList = {
        vat: { basisPoints: next(2_500), shown: 'before' },
        drivers: [
          {
            kind: 'choice',
            key: 'band',
            label: 'Band',
            options: [0, 1, 2].map((n) => ({ key: `b${n}`, label: `B${n}` })),
          },
          { kind: 'count', key: 'items', label: 'Items', max: 1_000 },
        ],
        services: [0, 1, 2].map((n) => ({
          key: `s${n}`,
          name: `S${n}`,
          description: '',
          frequency: (['monthly', 'annually', 'once'] as const)[next(3)] ?? 'once',
          base: next(1_000_000),
          rules: [
            { kind: 'option' as const, driver: 'band', option: `b${next(3)}`, add: next(100_000) },
            { kind: 'each' as const, driver: 'items', included: next(50), add: next(5_000) },
          ],
        })),
      };
      expect(priceListSchema.safeParse(list).success).toBe(true);
      const answers = { band: `b${next(3)}`, items: next(200) };
      const priced = priceServices(list, ['s0', 's1', 's2'], answers);
      for (const [index, service] of list.services.entries()) {
        // Pounds and pence as a clerk would add them: each part split, the pence carried.
        let pounds = Math.floor(service.base / 100);
        let penniesLeft = service.base % 100;
        const add = (amount: number) => {
          penniesLeft += amount % 100;
          pounds += Math.floor(amount / 100) + Math.floor(penniesLeft / 100);
          penniesLeft %= 100;
        };
        const [option, each] = service.rules as [
          Extract<PriceList['services'][number]['rules'][number], { kind: 'option' }>,
          Extract<PriceList['services'][number]['rules'][number], { kind: 'each' }>,
        ];
        if (answers.band === option.option) add(option.add);
        for (let item = each.included; item < answers.items; item++) add(each.add);
        expect(priced.services[index]?.fee).toBe(pounds * 100 + penniesLeft);
      }
    }
  });
});

describe('the price list an owner saves', () => {
  it('takes the starter list, and refuses rules that name a driver or option it does not have', () => {
    expect(priceListSchema.safeParse(starterPriceList).success).toBe(true);
    const broken = structuredClone(starterPriceList);
    broken.services[0]?.rules.push({ kind: 'option', driver: 'entity', option: 'charity', add: 100 });
    const refused = priceListSchema.safeParse(broken);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Bookkeeping: a rule names a driver or option the price list does not have',
    ]);
    const halfPenny = structuredClone(starterPriceList);
    if (halfPenny.services[0]) halfPenny.services[0].base = 12.5;
    expect(priceListSchema.safeParse(halfPenny).success).toBe(false);
  });
});

describe('an amount typed in pounds', () => {
  it('reads pounds and pence as staff type them, exactly, and nothing else', () => {
    const read = ['90', '£1,250', '1250.50', '£ 0.05', '99999.99', '12.3'].map(penceFromTyped);
    expect(read).toEqual([9_000, 125_000, 125_050, 5, 9_999_999, 1_230]);
    for (const typed of ['', '1250,50', '12.345', '-5', 'ten', '100000.00', '1,25']) {
      expect([typed, penceFromTyped(typed)]).toEqual([typed, null]);
    }
    expect([9_000, 125_050, 5].map(typedPounds)).toEqual(['90', '1250.50', '0.05']);
  });
});
