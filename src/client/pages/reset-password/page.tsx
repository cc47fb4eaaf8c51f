import { ResetPasswordForm } from '#client/features/accounts/ResetPasswordForm.tsx';
import { resetPasswordPage } from '#shared/api/accounts.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: resetPasswordPage.path,
  title: 'Choose a new password',
  description: 'Choose a new password for your back-office account.',
  noindex: true,
};

export default function ResetPasswordPage() {
  return (
    <section className="section">
      <div className="container">
        <h1>Choose a new password</h1>
        <p className="prose">Once it is set, every device signed in to your account is signed out.</p>
        <ResetPasswordForm />
      </div>
    </section>
  );
}
