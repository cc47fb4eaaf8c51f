// Every mailto link the site makes, in pages, the back office, emails and calendar invitations, is made
// here. The address is percent-encoded as one unit, so that whatever it holds (an address stored before
// email.ts refused `?`, `&`, `=` and `%`, or a firm's own typing) stays the one recipient: it can never
// add a header such as a hidden Bcc, a second recipient or a body. `@` and `+` are left as they are: RFC
// 6068 lets them stand in a mailto's address, and calendars compare an invitation's addresses as typed.

/** Headers a link may set, each encoded as a whole value. */
export interface MailtoHeaders {
  subject?: string;
  body?: string;
}

/** `mailto:` and the address, encoded as one unit, then the headers given. */
export function mailtoHref(address: string, headers: MailtoHeaders = {}): string {
  const to = encodeURIComponent(address).replace(/%40/g, '@').replace(/%2B/g, '+');
  const query = Object.entries(headers)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return query ? `mailto:${to}?${query}` : `mailto:${to}`;
}
