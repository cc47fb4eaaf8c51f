import { Island } from '#client/islands/Island.tsx';
import { FormPage } from '#client/lib/FormPage.tsx';
import { nextSteps } from '#content/pages/next-steps.ts';
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
    <FormPage
      eyebrow={nextSteps.newPassword.eyebrow}
      heading="Choose a new password"
      lead="Once it is set, every device signed in to your account is signed out."
      steps={nextSteps.newPassword.steps}
      contact={false}
    >
      <Island name="reset-password-form" props={{}} />
    </FormPage>
  );
}
