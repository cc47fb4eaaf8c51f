// What the site stores in a visitor's browser: the product's words, kept in step with what it does.
import { storageKeys } from '#shared/storage-keys.ts';

export const cookieList = {
  tableCaption: 'What this site stores in your browser',
  columns: { name: 'Name', kind: 'Kind', purpose: 'What it is for', expires: 'How long it lasts' },
  items: [
    {
      name: storageKeys.cookieConsentDismissed,
      kind: 'Local storage',
      purpose: 'Remembers that you have closed the cookie message, so it is not shown again.',
      expires: 'Until you clear your browser’s storage',
    },
    {
      name: storageKeys.applicationAnswers,
      kind: 'Session storage',
      purpose: 'Keeps your answers to the application questionnaire while you fill it in.',
      expires: 'Until you close the tab',
    },
    {
      name: storageKeys.visitSource,
      kind: 'Session storage',
      purpose:
        'Remembers the first page you opened here and the website that linked to it, sent with a form you fill in so that we know how you found us. Nothing is sent until you send a form.',
      expires: 'Until you close the tab',
    },
    {
      name: '__Host-session',
      kind: 'Cookie (staff only)',
      purpose: 'Keeps a member of staff signed in to the back office.',
      expires: 'Until the browser closes or after 12 hours unused; 30 days if they ticked “Remember me”',
    },
    {
      name: '__Host-form-token',
      kind: 'Cookie (staff only)',
      purpose: 'Protects the staff sign-in and password forms against forged requests from other websites.',
      expires: 'Until the browser closes',
    },
    {
      name: storageKeys.rememberedLoginEmail,
      kind: 'Local storage (staff only)',
      purpose: 'Remembers a member of staff’s email address on the sign-in form, if they asked us to.',
      expires: 'Until they sign in without “Remember me”',
    },
  ],
  sections: [
    {
      heading: 'The spam check on our forms',
      paragraphs: [
        'Our contact and quote forms check that a person, not a program, is sending them. By default the check runs entirely on this site and stores nothing in your browser. If we change to a service from Google or Cloudflare, it may set its own cookies when you use those forms, and we will list them here.',
      ],
    },
    {
      heading: 'Controlling what is stored',
      paragraphs: [
        'You can clear cookies and site storage in your browser’s settings at any time. The site still works; you will simply see the cookie message again.',
      ],
    },
  ],
} as const;
