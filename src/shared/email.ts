export const emailMessages = {
  missing: 'Please enter your email address',
  tooLong: 'Your email address is too long',
  invalid: 'Please enter a valid email address, like name@example.com',
} as const;

// The HTML standard's rule for a valid email address (what `input type=email` takes), with two changes.
// A dot is required in the domain: an address at a bare host name cannot receive a firm's mail. And the
// local part may not hold `%`, `?`, `&`, `=` or `#`, which the standard's rule allows but which mean
// something in a URL: in a mailto link they could add a hidden Bcc or a body of someone else's choosing
// (mailto.ts encodes every link all the same). No one's real address needs them.
const emailPattern =
  /^[a-zA-Z0-9.!$'*+/^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * A dot at either end of the part before the @, or two together: the HTML rule lets them by, but they are
 * not an address under RFC 5321, a mail server refuses them, and the visitor would never get their email.
 */
const strayDots = /^\.|\.\.|\.@/;

/**
 * What is wrong with an email address as every form on the site takes it (trimmed, required, at most 254
 * characters, plausible), or null. Plain code without Zod, so a page with a small form stays small.
 */
export function emailAddressProblem(text: string): string | null {
  const email = text.trim();
  if (email === '') return emailMessages.missing;
  if (email.length > 254) return emailMessages.tooLong;
  return emailPattern.test(email) && !strayDots.test(email) ? null : emailMessages.invalid;
}
