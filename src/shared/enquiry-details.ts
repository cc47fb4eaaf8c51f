import { quoteFields, taxYearsQuestion } from './enquiries.ts';
import type { InstantQuoteRecord } from './instant-quote.ts';

// The part of an enquiry only one form asks (the newsletter tick, the quote's turnover, other quotes and
// tax years), as staff read it: each under the form's own words, each value in words.

/** The extra answers as stored with an enquiry; empty once erased. */
export interface EnquiryDetailValues {
  optin?: boolean;
  cost?: number;
  quoted?: string;
  taxYears?: string[];
  /** Sent from the instant quote: what was chosen and the server's price of it. */
  instantQuote?: InstantQuoteRecord;
}

/** "£1,250.50"; whole pounds without pence: "£80,000". */
export const pounds = (amount: number) =>
  amount.toLocaleString('en-GB', {
    style: 'currency',
    currency: 'GBP',
    trailingZeroDisplay: 'stripIfInteger',
  });

/**
 * Each answer the enquiry holds as { label, value }, in the order the quote form asks them. Anything
 * stored that the forms do not ask is left out, so no stored key is ever shown as a label.
 */
export function enquiryDetailLines(details: EnquiryDetailValues): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [];
  if (typeof details.cost === 'number')
    lines.push({ label: quoteFields.cost.label, value: pounds(details.cost) });
  if (Array.isArray(details.taxYears)) {
    lines.push({
      label: taxYearsQuestion,
      value: details.taxYears.length ? details.taxYears.join(', ') : 'None given',
    });
  }
  if (typeof details.quoted === 'string') {
    lines.push({
      label: quoteFields.quoted.label.replace(' (optional)', ''),
      value: details.quoted.trim() || '(not given)',
    });
  }
  if (typeof details.optin === 'boolean') {
    lines.push({ label: 'Asked to join the newsletter', value: details.optin ? 'Yes' : 'No' });
  }
  return lines;
}
