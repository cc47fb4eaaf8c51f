/**
 * What a log line may say about a request. Links in our emails carry tokens that work as passwords for an
 * hour or a week (`/reset-password?token=…`), and back-office paths name people
 * (`/api/back-office/subscribers/ann@example.com`); a log is copied to more places, and kept longer, than
 * the database, so neither may reach it.
 */

/** Stands in for a value a log line must not hold. */
export const redacted = '[redacted]';

/**
 * Query parameters whose values are choices from a fixed list, days or a list's page cursor: kept,
 * because they say what was asked for. Every other value (`token`, a search `q`, anything a visitor
 * invents) is replaced.
 */
const plainQueryParameters = new Set([
  'action',
  'kind',
  'notice',
  'when',
  'status',
  'stage',
  'order',
  'from',
  'to',
  'after',
]);

/** An address in free text, where it sits among other words and punctuation. */
const emailInText = /[\w.!#$%&'*+^`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*/gi;
/**
 * An address in one decoded path segment or query value: the local part may hold any character an
 * address may (even `/`, sent as `%2F`), so everything up to a separator is taken as the address.
 */
const emailInPart = /[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"/?#&]+/g;

/**
 * A run of 32 or more URL-safe characters is taken for a secret (a 128-bit value in hex, a 256-bit one in
 * base64url), unless it is plain words joined by hyphens, as our own paths are.
 */
const secretLike = /[\w-]{32,}/g;
const hyphenatedWords = /^[a-z]+(?:-[a-z]+)*$/;

/** "ann.lee@example.com" → "a***@example.com": enough to tell addresses apart, not to write to one. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

/** Masks every email address in free text (an error message, a mail server's answer). */
export function maskEmails(text: string): string {
  return text.replace(emailInText, maskEmail);
}

/** Replaces every run that looks like a secret (see secretLike). */
function withoutSecrets(text: string): string {
  return text.replace(secretLike, (run) => (hyphenatedWords.test(run) ? run : redacted));
}

/**
 * Free text (an error's message, a mail server's answer) as a log line may hold it: addresses masked,
 * secrets and the value of any `…token=` replaced, such as an error that quotes a link.
 */
export function scrubText(text: string): string {
  return withoutSecrets(maskEmails(text)).replace(/(\w*token=)[^\s&"'<>]+/gi, `$1${redacted}`);
}

/**
 * `%xx` decoded byte by byte, up to three times (`%2540` is `%40` is `@`). It never throws on broken
 * encoding, unlike decodeURIComponent, because the URL of a refused request must be logged safely too.
 */
function leniently(decoded: string): string {
  let text = decoded;
  for (let round = 0; round < 3; round++) {
    const next = text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === text) break;
    text = next;
  }
  return text;
}

/**
 * One path segment or query value as it may be logged: as sent when it holds nothing personal or
 * secret (so an odd spelling of a path stays visible), else decoded with addresses masked and secrets
 * replaced, whatever way they were encoded.
 */
function safePart(raw: string): string {
  const decoded = leniently(raw);
  const hasEmail = decoded.includes('@');
  const hasSecret = (decoded.match(secretLike) ?? []).some((run) => !hyphenatedWords.test(run));
  if (!hasEmail && !hasSecret) return raw;
  return withoutSecrets(decoded.replace(emailInPart, maskEmail));
}

function safeQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return safePart(pair);
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      const plain = plainQueryParameters.has(leniently(name).toLowerCase());
      return `${safePart(name)}=${plain ? safePart(value) : value === '' ? '' : redacted}`;
    })
    .join('&');
}

/**
 * A request's URL as a log line may hold it: the path as sent, except segments holding an email
 * address (masked) or a secret (replaced); every query value replaced unless it is one of the plain
 * filters above; any fragment dropped.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutFragment = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : `#${redacted}`;
  const question = withoutFragment.indexOf('?');
  const pathPart = question === -1 ? withoutFragment : withoutFragment.slice(0, question);
  const query = question === -1 ? undefined : withoutFragment.slice(question + 1);
  const safePath = pathPart.split('/').map(safePart).join('/');
  return `${safePath}${query === undefined ? '' : `?${safeQuery(query)}`}${fragment}`;
}
