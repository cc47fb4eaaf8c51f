import { LoginForm } from '#client/features/accounts/LoginForm.tsx';
import { signIn } from '#shared/api/accounts.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  // The page is where its form posts.
  path: signIn.path,
  title: 'Staff sign-in',
  description: 'Sign in to the back office.',
  noindex: true,
};

export default function LoginPage() {
  return (
    <section className="section">
      <div className="container">
        <h1>Staff sign-in</h1>
        <p className="prose">
          For the firm's staff: sign in to see the enquiries, bookings and sign-ups from the website.
        </p>
        <LoginForm />
      </div>
    </section>
  );
}
