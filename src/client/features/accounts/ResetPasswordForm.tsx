import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { InputField } from '#client/lib/InputField.tsx';
import { resetPassword } from '#shared/api/accounts.ts';
import {
  newPasswordProblem,
  passwordHelper,
  passwordHelperTexts,
  passwordProblem,
} from '#shared/password.ts';
import { asterisks, usePasswordSubmit } from './usePasswordSubmit.ts';

/**
 * The reset-password form (docs/behaviour/accounts.md#reset-password-form): a new password and its confirmation,
 * checked in the order of docs/behaviour/accounts.md#password-rules, with the password helper's verdict shown live as guidance; posted with the link's token.
 */
export function ResetPasswordForm() {
  const id = useId();
  const submit = usePasswordSubmit();
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirmation?: string | null }>({});
  const passwordInput = useRef<HTMLInputElement>(null);
  const confirmationInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setToken(new URLSearchParams(window.location.search).get('token') ?? '');
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const ownProblem = passwordProblem(password);
    const problem = newPasswordProblem(password, confirmation);
    const found = { password: ownProblem, confirmation: ownProblem ? null : problem };
    setErrors(found);
    if (found.password) return passwordInput.current?.focus();
    if (found.confirmation) return confirmationInput.current?.focus();
    await submit.submitWith(password, () => {
      setPassword(asterisks(password));
      setConfirmation(asterisks(confirmation));
    });
  };

  const helper = password ? passwordHelper(password) : null;

  return (
    <form
      ref={submit.form}
      className="account-form"
      method="post"
      action={resetPassword.path}
      onSubmit={onSubmit}
      noValidate
      aria-busy={submit.sending}
    >
      <InputField
        id={`${id}-password`}
        label="New password"
        hint={
          <>
            At least eight characters, with a capital letter and a number. A lower-case letter and a symbol
            from !@#£$%^&amp;* make it stronger.
          </>
        }
        error={errors.password}
        describedBy={`${id}-helper`}
        ref={passwordInput}
        type="password"
        autoComplete="new-password"
        value={password}
        readOnly={submit.sending}
        onChange={(event) => setPassword(event.target.value)}
      >
        <p
          id={`${id}-helper`}
          className={`password-helper password-helper--${helper === passwordHelperTexts.valid ? 'valid' : 'invalid'}`}
          aria-live="polite"
        >
          {helper}
        </p>
      </InputField>
      <InputField
        id={`${id}-confirmation`}
        label="Confirm the new password"
        error={errors.confirmation}
        ref={confirmationInput}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        readOnly={submit.sending}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="p" value={submit.hiddenFields.p} />
      <input type="hidden" name="formToken" value={submit.hiddenFields.formToken} />
      <button type="submit" className="button" disabled={submit.sending}>
        Set the new password
      </button>
    </form>
  );
}
