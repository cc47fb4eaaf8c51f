import { Island } from '#client/islands/Island.tsx';
import { FormPage } from '#client/lib/FormPage.tsx';
import { resetPasswordPage } from '#shared/api/accounts.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: resetPasswordPage.path,
  title: 'Choose a new password',
  description: 'Choose a new password for your back-office account.',
  noindex: true,
};

const steps = [
  'Choose at least eight characters, with a capital letter and a number, and type it twice.',
  'Then sign in with your email address and the new password.',
  'Each link works once: a reset link for an hour, an invitation for a week. The sign-in page sends a new reset link.',
];

export default function ResetPasswordPage() {
  return (
    <FormPage
      eyebrow="Back office"
      heading="Choose a new password"
      lead="Once it is set, every device signed in to your account is signed out."
      steps={steps}
      contact={false}
    >
      <Island name="reset-password-form" props={{}} />
    </FormPage>
  );
}
