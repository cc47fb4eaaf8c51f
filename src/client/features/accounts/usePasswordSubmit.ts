import { type FormEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { call } from '#client/lib/api-client.ts';
import { formToken as formTokenEndpoint } from '#shared/api/accounts.ts';
import { sha512Hex } from '#shared/password.ts';

/**
 * What the login and reset forms share (docs/behaviour/accounts.md#login-form): after the page's own checks pass, the password is hashed
 * with SHA-512, put in the hidden field `p`, the visible field shows asterisks, and the form is submitted
 * as an ordinary post. The visible field has no name, so the password itself never leaves the browser.
 */
export function usePasswordSubmit() {
  const form = useRef<HTMLFormElement>(null);
  const [p, setP] = useState('');
  const [formToken, setFormToken] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    // Without it the server answers that the form expired, which says what to do.
    call(formTokenEndpoint, {})
      .then(({ token }) => setFormToken(token))
      .catch(() => {});
  }, []);

  /** Hashes the password, masks the visible fields, and posts the form. */
  const submitWith = async (password: string, mask: () => void) => {
    const hash = await sha512Hex(password);
    flushSync(() => {
      setP(hash);
      mask();
      setSending(true);
    });
    form.current?.submit();
  };

  const hiddenFields = { p, formToken };
  return { form, hiddenFields, sending, submitWith };
}

export const asterisks = (password: string) => '*'.repeat([...password].length);

export type SubmitHandler = (event: FormEvent) => void;
