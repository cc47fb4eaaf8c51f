// Settings that are URLs holding a password (DATABASE_URL, SMTP_URL, BACKUP_S3_URL): whatever is wrong with
// one, the line that says so never shows the password.

/** Whether `value` is a URL of one of `schemes` that parses whole (a password with `/` in it does not). */
export const isUrlOf = (value: string, schemes: string[]) =>
  URL.canParse(value) && schemes.includes(new URL(value).protocol);

/** A URL as a refusal may quote it: without its password, or, if it does not parse, its scheme alone. */
export function shownWithoutPassword(value: string): string {
  if (URL.canParse(value)) {
    const url = new URL(value);
    if (url.password) url.password = '***';
    if (url.username && url.protocol.startsWith('http')) url.username = '***';
    url.search = '';
    return url.href;
  }
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(value)?.[0];
  return scheme ? `${scheme}… (not a URL that parses)` : '(not a URL)';
}

/** What to write when a password in a URL breaks it, for every refusal of one. */
export const passwordInUrl =
  'write any / ? # @ : in its password as %2F %3F %23 %40 %3A, and put the value in quotes in .env if it holds #';
