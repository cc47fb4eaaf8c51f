import type { PriceList, Service } from './pricing.ts';

// The one calculation of a fee from the firm's price list (decision 030), with no schema library: the
// schemas are in pricing.ts, which re-exports all of this. Every amount is a whole number of pence, and
// the arithmetic stays in whole numbers.

/** How often a service is charged. */
export const frequencies = ['monthly', 'annually', 'once'] as const;
export type Frequency = (typeof frequencies)[number];

export const frequencyWords: Record<Frequency, string> = {
  monthly: 'a month',
  annually: 'a year',
  once: 'once',
};

/** The most a price, or an addition to one, may be: £99,999.99. */
export const maxPence = 9_999_999;

/** What the client said of each driver: an option's key, or a count. */
export type Answers = Readonly<Record<string, string | number>>;

/** One service priced: its fee before VAT and with it, in pence, and how often. */
export interface PricedService {
  key: string;
  name: string;
  frequency: Frequency;
  /** Before VAT. */
  fee: number;
  vat: number;
}

/** The services chosen, each priced, and the totals for each frequency (before VAT and the VAT). */
export interface Pricing {
  services: PricedService[];
  totals: Record<Frequency, { fee: number; vat: number }>;
}

/** VAT on a fee in pence, to the nearest penny, half a penny up: whole numbers throughout. */
export const vatOn = (fee: number, basisPoints: number) => Math.floor((fee * basisPoints + 5_000) / 10_000);

/** A service's fee before VAT for these answers: its base, and what each rule the answers meet adds. */
export function serviceFee(service: Service, answers: Answers): number {
  let fee = service.base;
  for (const rule of service.rules) {
    const answer = answers[rule.driver];
    if (rule.kind === 'option') {
      if (answer === rule.option) fee += rule.add;
    } else if (typeof answer === 'number' && Number.isInteger(answer) && answer > rule.included) {
      fee += (answer - rule.included) * rule.add;
    }
  }
  return fee;
}

/** The chosen services priced from the price list (unknown keys are left out), with their totals. */
export function priceServices(list: PriceList, chosen: readonly string[], answers: Answers): Pricing {
  const wanted = new Set(chosen);
  const services = list.services
    .filter((service) => wanted.has(service.key))
    .map((service) => {
      const fee = serviceFee(service, answers);
      return {
        key: service.key,
        name: service.name,
        frequency: service.frequency,
        fee,
        vat: vatOn(fee, list.vat.basisPoints),
      };
    });
  const totals = Object.fromEntries(
    frequencies.map((frequency) => {
      const of = services.filter((service) => service.frequency === frequency);
      return [
        frequency,
        { fee: of.reduce((sum, s) => sum + s.fee, 0), vat: of.reduce((sum, s) => sum + s.vat, 0) },
      ];
    }),
  ) as Pricing['totals'];
  return { services, totals };
}

export { poundsOf } from './money.ts';

/** An amount typed in pounds ("£1,250", "1250.50", "90") as pence; null when it is not one. */
export function penceFromTyped(typed: string): number | null {
  const text = typed.trim().replace(/^£\s*/, '');
  if (!/^(\d{1,3}(,\d{3})*|\d+)(\.\d{1,2})?$/.test(text)) return null;
  const [pounds = '0', pennies = ''] = text.replaceAll(',', '').split('.');
  const amount = Number(pounds) * 100 + Number(pennies.padEnd(2, '0'));
  return amount <= maxPence ? amount : null;
}

/** Pence as they are typed back into a field: "1250.50", "90". */
export const typedPounds = (amount: number) =>
  amount % 100 === 0 ? String(amount / 100) : (amount / 100).toFixed(2);
