import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { LoginForm } from '#client/features/accounts/LoginForm.tsx';
import { ResetPasswordForm } from '#client/features/accounts/ResetPasswordForm.tsx';
import { ApplicationForm } from '#client/features/applications/ApplicationForm.tsx';
import { BackOfficeLoader } from '#client/features/back-office/BackOfficeLoader.tsx';
import { ChangeCallForm } from '#client/features/booking/ChangeCallForm.tsx';
import { EnquiryForm } from '#client/features/enquiries/EnquiryForm.tsx';
import { SignUpForm } from '#client/features/mailing-list/SignUpForm.tsx';
import { SubscribeForm } from '#client/features/mailing-list/SubscribeForm.tsx';
import { DeMinimisCalculator } from '#client/features/vat-explainer/DeMinimisCalculator.tsx';
import { useFirm } from '#client/lib/firm.tsx';
import { pageFirmOf } from '#shared/site-firm.ts';
import type { IslandComponents, IslandHydration, IslandName, IslandProps } from './catalogue.ts';
import { IslandTree } from './island-tree.tsx';

// Server only: pages and sections are rendered by the server, and only the islands reach the browser.

const components: IslandComponents = {
  'enquiry-form': EnquiryForm,
  'application-form': ApplicationForm,
  'subscribe-form': SubscribeForm,
  'sign-up-form': SignUpForm,
  'vat-calculator': DeMinimisCalculator,
  'login-form': LoginForm,
  'reset-password-form': ResetPasswordForm,
  'change-call-form': ChangeCallForm,
  'back-office': BackOfficeLoader,
};

/**
 * An interactive part of a page: rendered here as the browser will hydrate it, in a root of its own
 * (src/client/islands/hydrate.tsx) whose ids React prefixes with this one's place in the page, and marked
 * with its name, its props and when it comes alive.
 */
export function Island<N extends IslandName>({
  name,
  props,
  hydrate = 'load',
}: {
  name: N;
  props: IslandProps[N];
  hydrate?: IslandHydration;
}) {
  const firm = useFirm();
  const ids = useId();
  const Part = components[name];
  const html = renderToString(<IslandTree Part={Part} props={props} firm={pageFirmOf(firm)} />, {
    identifierPrefix: ids,
  });
  return (
    <div
      data-island={name}
      data-hydrate={hydrate}
      data-ids={ids}
      data-props={JSON.stringify(props)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the island, escaped by it
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
