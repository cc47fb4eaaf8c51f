import { Island } from '#client/islands/Island.tsx';
import { FormPage } from '#client/lib/FormPage.tsx';
import { signIn } from '#shared/api/accounts.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  // The page is where its form posts.
  path: signIn.path,
  title: 'Staff sign-in',
  description: 'Sign in to the back office.',
  noindex: true,
};

const steps = [
  'Sign in with the email address your firm registered for you.',
  'Forgotten your password? The link under the form emails you a new one.',
];

export default function LoginPage() {
  return (
    <FormPage
      eyebrow="Back office"
      heading="Staff sign-in"
      lead="For the firm's staff: sign in to see the enquiries, bookings and sign-ups from the website."
      steps={steps}
      contact={false}
    >
      <Island name="login-form" props={{}} />
    </FormPage>
  );
}
