import { z } from './zod.ts';

// The firm's price list and the one calculation of a fee from it (decision 030). The back office's
// proposals, the owner's worked example and the public calculator all price with `priceServices`, so a
// client is never quoted one figure on the site and another in their proposal. Every amount is a whole
// number of pence, and the arithmetic stays in whole numbers: no fraction of a penny is ever rounded
// differently in two places.

/** How often a service is charged. */
export const frequencies = ['monthly', 'annually', 'once'] as const;
export type Frequency = (typeof frequencies)[number];

export const frequencyWords: Record<Frequency, string> = {
  monthly: 'a month',
  annually: 'a year',
  once: 'once',
};

/** The most a price, or an addition to one, may be: £99,999.99. */
const maxPence = 9_999_999;
const pence = z.number().int().min(0).max(maxPence);
/** A key a rule and an answer name a driver or an option by: lower-case words joined by hyphens. */
const key = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(40);
const words = (max: number) => z.string().trim().min(1).max(max);

/**
 * What a price depends on, asked of the client: a band (turnover), a choice (the kind of entity), or a
 * count (transactions a month, payslips).
 */
export const driverSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('choice'),
    key,
    label: words(80),
    options: z
      .array(z.object({ key, label: words(80) }))
      .min(2)
      .max(12),
  }),
  z.object({ kind: z.literal('count'), key, label: words(80), max: z.number().int().min(1).max(100_000) }),
]);
export type Driver = z.infer<typeof driverSchema>;

/**
 * How a driver changes a service's price: an option chosen adds its amount; a count adds an amount for
 * each one above those the base price includes.
 */
export const ruleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('option'), driver: key, option: key, add: pence }),
  z.object({
    kind: z.literal('each'),
    driver: key,
    included: z.number().int().min(0).max(100_000),
    add: pence,
  }),
]);
export type Rule = z.infer<typeof ruleSchema>;

export const serviceSchema = z.object({
  key,
  name: words(80),
  description: z.string().trim().max(400),
  frequency: z.enum(frequencies),
  base: pence,
  rules: z.array(ruleSchema).max(20),
});
export type Service = z.infer<typeof serviceSchema>;

export const priceListSchema = z
  .object({
    /** VAT in basis points (2000: 20 %); whether prices are shown with it or before it. */
    vat: z.object({ basisPoints: z.number().int().min(0).max(10_000), shown: z.enum(['before', 'with']) }),
    drivers: z.array(driverSchema).max(12),
    services: z.array(serviceSchema).min(1).max(30),
  })
  .superRefine((list, context) => {
    const drivers = new Map(list.drivers.map((driver) => [driver.key, driver]));
    if (drivers.size !== list.drivers.length) {
      context.addIssue({ code: 'custom', path: ['drivers'], message: 'Two drivers have one key' });
    }
    if (new Set(list.services.map((service) => service.key)).size !== list.services.length) {
      context.addIssue({ code: 'custom', path: ['services'], message: 'Two services have one key' });
    }
    list.services.forEach((service, index) => {
      for (const rule of service.rules) {
        const driver = drivers.get(rule.driver);
        const fits =
          rule.kind === 'option'
            ? driver?.kind === 'choice' && driver.options.some((option) => option.key === rule.option)
            : driver?.kind === 'count';
        if (!fits) {
          context.addIssue({
            code: 'custom',
            path: ['services', index, 'rules'],
            message: `${service.name}: a rule names a driver or option the price list does not have`,
          });
        }
      }
    });
  });
export type PriceList = z.infer<typeof priceListSchema>;

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
