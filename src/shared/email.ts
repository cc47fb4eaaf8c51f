export const emailMessages = {
  missing: 'Please enter your email address',
  tooLong: 'Your email address is too long',
  invalid: 'Please enter a valid email address, like name@example.com',
} as const;

// The HTML standard's rule for a valid email address, but with a dot required in the domain: an address
// at a bare host name cannot receive a firm's mail.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * What is wrong with an email address as every form on the site takes it (trimmed, required, at most 254
 * characters, plausible), or null. Plain code without Zod, so a page with a small form stays small.
 */
export function emailAddressProblem(text: string): string | null {
  const email = text.trim();
  if (email === '') return emailMessages.missing;
  if (email.length > 254) return emailMessages.tooLong;
  return emailPattern.test(email) ? null : emailMessages.invalid;
}
