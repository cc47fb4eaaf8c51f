import { describe, expect, it } from 'vitest';
import { priceListMessages } from '#shared/price-list-messages.ts';
import { priceServices } from '#shared/pricing.ts';
import { starterPriceList } from '#shared/starter-price-list.ts';
import {
  answersFor,
  feeParts,
  keyFrom,
  priceListProblems,
  ruleChoices,
  servicesUsing,
  withoutDriver,
  withoutOption,
} from './price-list-edits.ts';

describe('the owner’s changes to the price list', () => {
  it('makes a key from a name: lower-case words joined by hyphens, unlike any taken', () => {
    expect(keyFrom('  Payroll bureau & RTI ', [], 'service')).toBe('payroll-bureau-rti');
    expect(keyFrom('Payroll', ['payroll', 'payroll-2'], 'service')).toBe('payroll-3');
    expect(keyFrom('Café’s accounts', [], 'service')).toBe('cafe-s-accounts');
    expect(keyFrom('£££', [], 'driver')).toBe('driver');
    const long = keyFrom(`${'a'.repeat(39)} b`, ['a'.repeat(39)], 'service');
    expect([long, long.length <= 40]).toEqual([`${'a'.repeat(38)}-2`, true]);
  });

  it('removes a driver or an option with the rules that use it, so the schema still takes the list', () => {
    expect(servicesUsing(starterPriceList, 'turnover')).toEqual(['Year-end accounts', 'VAT returns']);
    expect(servicesUsing(starterPriceList, 'turnover', 'over-250k')).toEqual([
      'Year-end accounts',
      'VAT returns',
    ]);
    expect(servicesUsing(starterPriceList, 'turnover', '90k-250k')).toEqual(['Year-end accounts']);

    const noTurnover = withoutDriver(starterPriceList, 'turnover');
    expect(noTurnover.drivers.map((driver) => driver.key)).toEqual(['entity', 'transactions', 'payslips']);
    expect(noTurnover.services.find((service) => service.key === 'vat-returns')?.rules).toEqual([]);
    expect(priceListProblems(noTurnover)).toEqual([]);

    const noMiddleBand = withoutOption(starterPriceList, 'turnover', '90k-250k');
    expect(noMiddleBand.services.find((service) => service.key === 'year-end-accounts')?.rules).toHaveLength(
      2,
    );
    expect(priceListProblems(noMiddleBand)).toEqual([]);
    // A choice left with one option is refused in words, as is a service with no name.
    const oneBand = withoutOption(noMiddleBand, 'turnover', 'under-90k');
    expect(priceListProblems(oneBand)).toEqual([priceListMessages.twoOptions]);
    const unnamed = structuredClone(starterPriceList);
    if (unnamed.services[0]) unnamed.services[0].name = ' ';
    expect(priceListProblems(unnamed)).toEqual([priceListMessages.noServiceName]);
  });

  it('offers each rule a service has not got, from the drivers that exist', () => {
    const payroll = starterPriceList.services.find((service) => service.key === 'payroll');
    if (!payroll) throw new Error('no payroll');
    expect(ruleChoices(starterPriceList.drivers, payroll).map((choice) => choice.words)).toEqual([
      'If kind of business is Sole trader',
      'If kind of business is Partnership',
      'If kind of business is Limited company',
      'If annual turnover is Under £90,000',
      'If annual turnover is £90,000 to £250,000',
      'If annual turnover is Over £250,000',
      'Each of bank transactions a month above a number',
    ]);
  });

  it('breaks a fee into its base and each rule’s addition, adding up to what priceServices charges', () => {
    const accounts = starterPriceList.services.find((service) => service.key === 'year-end-accounts');
    if (!accounts) throw new Error('no accounts');
    const answers = answersFor(starterPriceList.drivers, { entity: 'limited-company', turnover: 'gone' });
    expect(answers).toEqual({
      entity: 'limited-company',
      turnover: 'under-90k',
      transactions: 0,
      payslips: 0,
    });
    const parts = feeParts(accounts, { ...answers, turnover: 'over-250k' });
    expect(parts.additions.map((part) => part.add)).toEqual([30_000, 0, 50_000]);
    expect(parts.base + parts.additions.reduce((sum, part) => sum + part.add, 0)).toBe(parts.fee);
    expect(
      priceServices(starterPriceList, ['year-end-accounts'], { ...answers, turnover: 'over-250k' })
        .services[0]?.fee,
    ).toBe(parts.fee);
  });
});
