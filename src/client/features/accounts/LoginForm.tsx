import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { InputField } from '#client/lib/InputField.tsx';
import { localStore } from '#client/lib/storage.ts';
import { accountMessages, loginNotices, signInProofProblems } from '#shared/accounts.ts';
import { signIn, signInProofField } from '#shared/api/accounts.ts';
import { emailAddressProblem } from '#shared/email.ts';
import { passwordProblem } from '#shared/password.ts';
import { returnNotice, returnPathField } from '#shared/return-path.ts';
import { storageKeys } from '#shared/storage-keys.ts';
import { ForgottenPasswordModal } from './ForgottenPasswordModal.tsx';
import { asterisks, usePasswordSubmit } from './usePasswordSubmit.ts';
import { useSignInProof } from './useSignInProof.ts';

/** The login form (docs/behaviour/accounts.md#login-form): email, password, remember-me, and the forgotten-password modal. */
export function LoginForm() {
  const id = useId();
  const submit = usePasswordSubmit();
  const proof = useSignInProof();
  const [proofOfWork, setProofOfWork] = useState('');
  const [solving, setSolving] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [proofProblem, setProofProblem] = useState<string | null>(null);
  const [forgotten, setForgotten] = useState(false);
  const [returnPath, setReturnPath] = useState('');
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const forgottenButton = useRef<HTMLButtonElement>(null);

  // After hydration: what the browser remembers, and why the server sent the visitor back here.
  useEffect(() => {
    const remembered = localStore.get(storageKeys.rememberedLoginEmail);
    if (remembered) {
      setEmail(remembered);
      setRemember(true);
    }
    const query = new URLSearchParams(window.location.search);
    // The page to return to after signing in; the server decides whether it may.
    setReturnPath(query.get(returnPathField) ?? '');
    const key = query.get('notice');
    if (key && Object.hasOwn(loginNotices, key)) setNotice(loginNotices[key as keyof typeof loginNotices]);
    // Asked for a proof: start on it before the visitor has typed anything.
    if (key === 'proof-of-work') proof.prepare();
  }, [proof.prepare]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { email: emailAddressProblem(email), password: passwordProblem(password) };
    setErrors(found);
    if (found.email) return emailInput.current?.focus();
    if (found.password) return passwordInput.current?.focus();
    if (remember) localStore.set(storageKeys.rememberedLoginEmail, email.trim());
    else localStore.remove(storageKeys.rememberedLoginEmail);
    setProofProblem(null);
    setSolving(true);
    const signInProof = await proof.take();
    setSolving(false);
    if (!('token' in signInProof)) return setProofProblem(signInProofProblems[signInProof.problem]);
    await submit.submitWith(password, () => {
      setPassword(asterisks(password));
      setProofOfWork(signInProof.token);
    });
  };

  return (
    <>
      <form
        ref={submit.form}
        className="account-form"
        method="post"
        action={signIn.path}
        onSubmit={onSubmit}
        onFocus={proof.prepare}
        noValidate
        aria-busy={submit.sending || solving}
      >
        {returnPath && (
          <p className="account-form__notice" role="status">
            {returnNotice}
          </p>
        )}
        {notice && (
          <p className="account-form__notice" role="status">
            {notice}
          </p>
        )}
        {proofProblem && (
          <p className="account-form__notice" role="alert">
            {proofProblem}
          </p>
        )}
        <InputField
          id={`${id}-email`}
          label="Email address"
          error={errors.email}
          ref={emailInput}
          type="email"
          name="emailAddress"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {/* No name: only the hash in p is sent. */}
        <InputField
          id={`${id}-password`}
          label="Password"
          error={errors.password}
          ref={passwordInput}
          type="password"
          autoComplete="current-password"
          value={password}
          readOnly={submit.sending}
          onChange={(event) => setPassword(event.target.value)}
        />
        <input type="hidden" name="p" value={submit.hiddenFields.p} />
        <input type="hidden" name="formToken" value={submit.hiddenFields.formToken} />
        <input type="hidden" name={signInProofField} value={proofOfWork} />
        {returnPath && <input type="hidden" name={returnPathField} value={returnPath} />}
        <label className="choice__option">
          <input
            type="checkbox"
            name="rememberMe"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <span>Remember me on this device for 30 days</span>
        </label>
        <p className="account-form__actions">
          <button type="submit" className="button" disabled={submit.sending || solving}>
            Sign in
          </button>
          <button
            ref={forgottenButton}
            type="button"
            className="link-button"
            onClick={() => setForgotten(true)}
          >
            {accountMessages.forgottenPassword}
          </button>
        </p>
      </form>
      {forgotten && (
        <ForgottenPasswordModal
          initialEmail={email}
          onClose={() => {
            setForgotten(false);
            forgottenButton.current?.focus();
          }}
        />
      )}
    </>
  );
}
