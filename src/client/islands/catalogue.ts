import type { ComponentType } from 'react';
import type { EnquiryKind } from '#shared/enquiries.ts';
import type { Questionnaire } from '#shared/questionnaire.ts';
import type { SiteFirm } from '#shared/site-firm.ts';

// The interactive parts of the public pages (docs/decisions/023-pages-are-sections.md, "only islands
// hydrate"). The server writes each as part of the page, with its props; the browser loads only the
// islands a page has, each in a chunk of its own, and hydrates them where they stand. The rest of a page
// is HTML: the menu, the cookie banner and the "Book a call" buttons are plain script (src/client/behaviour).

/** Every island, with the props the server writes into the page for it. */
export interface IslandProps {
  'enquiry-form': { kind: EnquiryKind };
  /** The firm's words for the questions, and its own questions. */
  'application-form': { questionnaire: Questionnaire };
  'subscribe-form': Record<string, never>;
  'sign-up-form': Record<string, never>;
  'vat-calculator': Record<string, never>;
  'login-form': Record<string, never>;
  'reset-password-form': Record<string, never>;
  /** The link's token is read from the page's address, as the password form's is. */
  'change-call-form': Record<string, never>;
  /** The back office shows the whole firm, which no public page carries. */
  'back-office': { firm: SiteFirm };
}
export type IslandName = keyof IslandProps;
export type IslandComponents = { [N in IslandName]: ComponentType<IslandProps[N]> };

/**
 * When an island comes alive: `load` as the page loads (a form page's form), `focus` when the visitor
 * first reaches it (the footer's sign-up form, which works as a plain form post until then).
 */
export type IslandHydration = 'load' | 'focus';

/** How the browser loads each island's component, each in a chunk of its own. */
export const loadIsland: { [N in IslandName]: () => Promise<ComponentType<IslandProps[N]>> } = {
  'enquiry-form': async () => (await import('#client/features/enquiries/EnquiryForm.tsx')).EnquiryForm,
  'application-form': async () =>
    (await import('#client/features/applications/ApplicationForm.tsx')).ApplicationForm,
  'subscribe-form': async () =>
    (await import('#client/features/mailing-list/SubscribeForm.tsx')).SubscribeForm,
  'sign-up-form': async () => (await import('#client/features/mailing-list/SignUpForm.tsx')).SignUpForm,
  'vat-calculator': async () =>
    (await import('#client/features/vat-explainer/DeMinimisCalculator.tsx')).DeMinimisCalculator,
  'login-form': async () => (await import('#client/features/accounts/LoginForm.tsx')).LoginForm,
  'reset-password-form': async () =>
    (await import('#client/features/accounts/ResetPasswordForm.tsx')).ResetPasswordForm,
  'change-call-form': async () =>
    (await import('#client/features/booking/ChangeCallForm.tsx')).ChangeCallForm,
  'back-office': async () =>
    (await import('#client/features/back-office/BackOfficeLoader.tsx')).BackOfficeLoader,
};
