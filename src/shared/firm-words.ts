import type { SiteFirm } from './site-firm.ts';

// The site's own words are written for any firm: where they name the firm, its town, the places it serves
// or the promises it makes, they hold a token that the firm's details fill in, so a page's words never
// name another firm (docs/decisions/022-the-firm-is-data.md).

/** "Leeds, Bradford and Wakefield": a list as a sentence reads it. */
export function inWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const tokens: Record<string, (firm: SiteFirm) => string> = {
  firm: (firm) => firm.name,
  legalName: (firm) => firm.legalName,
  town: (firm) => firm.address.locality,
  // A firm that names no places serves, in the site's words, its own town and around it.
  areas: (firm) => inWords(firm.areaServed) || `${firm.address.locality} and around`,
  replyPromise: (firm) => firm.replyPromise,
  quotePromise: (firm) => firm.quotePromise,
};

/** The tokens a firm may write in its own pages' words, each filled in as visitors read them. */
export const firmTokens = Object.keys(tokens);

/** `text` with each {token} (firm, legalName, town, areas, replyPromise, quotePromise) in the firm's words. */
export function firmWords(text: string, firm: SiteFirm): string {
  // Only the tokens' own names: `{constructor}` or `{__proto__}` typed on a page stay as typed.
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(tokens, name) ? (tokens[name] as (firm: SiteFirm) => string)(firm) : whole,
  );
}

/** Every string in `value` (a page's document, say) with its tokens in the firm's words. */
export function firmWordsIn<Value>(value: Value, firm: SiteFirm): Value {
  if (typeof value === 'string') return firmWords(value, firm) as Value;
  if (Array.isArray(value)) return value.map((item) => firmWordsIn(item, firm)) as Value;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, firmWordsIn(item, firm)]),
    ) as Value;
  return value;
}
