import { frequencies, maxPence } from './price-calculation.ts';
import { z } from './zod.ts';

// The firm's price list and the one calculation of a fee from it (decision 030). The back office's
// proposals, the owner's worked example and the public calculator all price with `priceServices`, so a
// client is never quoted one figure on the site and another in their proposal. Every amount is a whole
// number of pence, and the arithmetic stays in whole numbers: no fraction of a penny is ever rounded
// differently in two places.

// The calculation itself, and what it needs, is in price-calculation.ts, apart from the schemas here, so
// that a page which prices (the instant quote) need not load the schema library: all of it is re-exported.
export {
  type Answers,
  type Frequency,
  frequencies,
  frequencyWords,
  type PricedService,
  type Pricing,
  penceFromTyped,
  poundsOf,
  priceServices,
  serviceFee,
  typedPounds,
  vatOn,
} from './price-calculation.ts';

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
