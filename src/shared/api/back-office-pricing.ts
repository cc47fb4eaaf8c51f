import { backOfficeApi, backOfficeMessages } from '../back-office.ts';
import { priceListMessages } from '../price-list-messages.ts';
import { priceListSchema } from '../pricing.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';

// The firm's price list: read by anyone building a proposal, changed by an owner. Each save is a version.

export const priceListAnswerSchema = z.object({
  version: z
    .number()
    .int()
    .nullable()
    .describe('The version read, to save the next from; null while the starter list stands.'),
  priceList: priceListSchema,
});
export type PriceListAnswer = z.infer<typeof priceListAnswerSchema>;

export const readPriceList = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/price-list`,
  access: 'staff',
  tag: 'Back office',
  summary: 'The firm’s price list: its services, what drives each price, and VAT',
  answers: { 200: priceListAnswerSchema.describe('The newest version, or the starter list before any.') },
});

export const savePriceList = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/price-list`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Save a new version of the price list, from the version read',
  body: z.object({ basedOn: z.number().int().nullable(), priceList: priceListSchema }).strict(),
  answers: {
    200: formAnswerSchema.describe(
      `infoMessages is ["${backOfficeMessages.priceListSaved}"]; or, when the list is the newest version as it stands, no version is made and it is ["${priceListMessages.unchanged(7)}"] (the version read), or before any ["${priceListMessages.unchanged(null)}"].`,
    ),
    409: refusal.describe(
      `Saved by someone else since the version read: "${backOfficeMessages.priceListMoved}"`,
    ),
    422: refusal.describe(
      `A rule naming a driver or option the list does not have, or two with one key, said naming the service; anything else: "${backOfficeMessages.priceListUnreadable}"`,
    ),
  },
});

/** Whether the public site offers the instant quote (docs/behaviour/instant-quote.md). */
export const instantQuoteSettingSchema = z.object({
  enabled: z
    .boolean({ error: 'enabled must be true or false' })
    .describe('Whether /instant-quote is on the site.'),
});

export const readInstantQuoteSetting = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/instant-quote`,
  access: 'staff',
  tag: 'Back office',
  summary: 'Whether the public site offers the instant quote',
  answers: { 200: instantQuoteSettingSchema },
});

export const saveInstantQuoteSetting = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/instant-quote`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Turn the instant quote on the public site on or off',
  body: instantQuoteSettingSchema.strict(),
  answers: {
    200: formAnswerSchema.describe(
      `infoMessages is ["${backOfficeMessages.instantQuoteOn}"] or ["${backOfficeMessages.instantQuoteOff}"].`,
    ),
  },
});
