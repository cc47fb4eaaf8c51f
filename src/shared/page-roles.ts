import type { Section } from './sections.ts';

// The pages the site is built around: every site has each of them, at its address, which forms, emails
// and other pages link to. A firm edits what they say like any page of its own; what it cannot do is move
// or remove one, or take away the section the page is there for (docs/decisions/023-pages-are-sections.md).

export const pageRoles = [
  'home',
  'services',
  'about',
  'vat-de-minimis',
  'application',
  'contact',
  'quote',
  'newsletter',
  'privacy',
  'cookies',
] as const;
export type PageRole = (typeof pageRoles)[number];

/** The section a page must keep, by what a partner calls it, and how to tell it from the others. */
interface KeptSection {
  name: string;
  is: (section: Section) => boolean;
}

const form = (name: string, kind: string): KeptSection => ({
  name,
  is: (section) => section.type === 'form' && section.form === kind,
});

export const keptSections: Partial<Record<PageRole, KeptSection>> = {
  contact: form('the contact form', 'contact'),
  quote: form('the quote form', 'quote'),
  application: form('the application questionnaire', 'application'),
  newsletter: form('the newsletter’s sign-up form', 'newsletter'),
  'vat-de-minimis': {
    name: 'the VAT explainer and calculator',
    is: (section) => section.type === 'vat-explainer',
  },
  privacy: { name: 'the privacy notice', is: (section) => section.type === 'privacy-notice' },
  cookies: { name: 'the cookie list', is: (section) => section.type === 'cookie-list' },
};

/** Whether `section` is the last of the kind a page of `role` must keep, which may not be removed. */
export function isLastKept(role: PageRole | null, sections: readonly Section[], section: Section): boolean {
  const kept = role ? keptSections[role] : undefined;
  return !!kept && kept.is(section) && sections.filter(kept.is).length === 1;
}

/** The refusal for a page that lost the section it is there for; undefined while it has it. */
export function missingKeptSection(role: PageRole | null, sections: readonly Section[]): string | undefined {
  const kept = role ? keptSections[role] : undefined;
  if (!kept || sections.some(kept.is)) return undefined;
  return `This page is where visitors find ${kept.name}: put that section back before saving.`;
}
