// Where signing in again returns a member of staff (docs/behaviour/accounts.md#login-form): the login page carries
// the back-office page they were on as `?next=`, and the sign-in form posts it back. It comes from a URL
// anyone can craft, so only a path of our own back office is ever followed; anything else, however it is
// spelled, goes to the back office's overview. That keeps /login from being an open redirect.

/** The query parameter and form field that carry the page to return to. */
export const returnPathField = 'next';

export const backOfficeHome = '/back-office';

/**
 * Said on the login page when it carries a page to return to. It does not say the session ended: the
 * same page follows a deliberate Sign out and the browser's Back.
 */
export const returnNotice = 'Sign in to return to where you were; anything you had typed there is kept.';

const longest = 2000;
/** A control character (C0, DEL, C1) or a backslash, which browsers read as a slash. */
const hasUnsafeCharacter = (text: string) =>
  [...text].some((character) => {
    const code = character.codePointAt(0) as number;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || character === '\\';
  });
const ourOrigin = 'http://return-path.invalid';

/** Decodes percent-escapes until nothing changes, so `%252F` is judged as the `/` it may become; null if malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * The back-office path to return to, normalised (percent-encoded, no fragment), or the overview when
 * `value` is not plainly a path under /back-office of this site.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > longest) return backOfficeHome;
  if (!/^\/back-office(?:[/?]|$)/.test(value)) return backOfficeHome;
  const decoded = fullyDecoded(value);
  if (decoded === null || hasUnsafeCharacter(decoded)) return backOfficeHome;
  // Judged on the decoded path too: an escaped slash or dot segment has no business in a page's path.
  const decodedPath = decoded.split('?')[0] as string;
  if (!/^\/back-office(?:\/|$)/.test(decodedPath) || /\/\/|\/\.\.?(?:\/|$)/.test(decodedPath))
    return backOfficeHome;
  let url: URL;
  try {
    url = new URL(value, ourOrigin);
  } catch {
    return backOfficeHome;
  }
  if (url.origin !== ourOrigin || !/^\/back-office(?:\/|$)/.test(url.pathname)) return backOfficeHome;
  return `${url.pathname}${url.search}`;
}

/** The login page's address that returns to `path` afterwards; plain when that is the overview anyway. */
export function loginReturningTo(loginPath: string, path: string): string {
  const target = safeReturnPath(path);
  return target === backOfficeHome
    ? loginPath
    : `${loginPath}?${returnPathField}=${encodeURIComponent(target)}`;
}
