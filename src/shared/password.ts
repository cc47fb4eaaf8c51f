// docs/behaviour/accounts.md#password-rules: the password rules of the login and reset forms, in their order, and the separate helper.

export const passwordMessages = {
  missing: 'Please enter a password for your account',
  tooShort: 'Please enter at least eight characters in your password',
  noCapital: 'Please enter at least one capital letter in your password',
  noNumber: 'Please enter at least one number in your password',
  mismatch: 'The two passwords entered do not match',
} as const;

/** docs/behaviour/accounts.md#password-rules. */
export const passwordMinLength = 8;

/** The first rule the password breaks, in the order docs/behaviour/accounts.md#password-rules gives, or null. */
export function passwordProblem(password: string): string | null {
  if (password === '') return passwordMessages.missing;
  if ([...password].length < passwordMinLength) return passwordMessages.tooShort;
  if (!/\p{Lu}/u.test(password)) return passwordMessages.noCapital;
  if (!/\d/.test(password)) return passwordMessages.noNumber;
  return null;
}

/** The reset form's check: the new password's rules, then that the confirmation matches. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  return passwordProblem(password) ?? (password === confirmation ? null : passwordMessages.mismatch);
}

export const passwordHelperTexts = { valid: 'Password is valid', invalid: 'Password is invalid' } as const;

/** docs/behaviour/accounts.md#password-rules's separate helper: a lower-case and an upper-case letter, a digit, a symbol of !@#£$%^&*, 8+ characters. */
export function passwordHelper(password: string): string {
  const strong =
    [...password].length >= passwordMinLength &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[!@#£$%^&*]/.test(password);
  return strong ? passwordHelperTexts.valid : passwordHelperTexts.invalid;
}

/** What the browser sends instead of the password (docs/behaviour/accounts.md#login-form): SHA-512 of its UTF-8 bytes, as 128 hex digits. */
export async function sha512Hex(password: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-512', new TextEncoder().encode(password));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The server takes nothing else in the `p` field. */
export const looksLikePasswordHash = (p: string) => /^[0-9a-f]{128}$/.test(p);
