import { paragraph } from '#shared/rich-text.ts';
import type { Section, SectionType } from '#shared/sections.ts';

// What the page editor offers to add: each type of section by the name a partner knows it by, and how a
// new one starts.

export const sectionLabels: Record<SectionType, string> = {
  hero: 'Opening band',
  'rich-text': 'Text',
  services: 'Services and prices',
  steps: 'Steps',
  team: 'Team',
  reviews: 'Reviews',
  accreditations: 'Accreditations',
  faq: 'Questions and answers',
  'call-to-action': 'Call to action',
  'contact-details': 'Contact details',
  'image-text': 'Picture and text',
  form: 'A form',
  'vat-explainer': 'VAT explainer and calculator',
  'privacy-notice': 'Privacy notice',
  'cookie-list': 'Cookie list',
};

/** A section of `type` as it starts: a name of its own and words to write over. */
export function newSection(type: SectionType, taken: readonly string[]): Section {
  let number = 1;
  while (taken.includes(`${type}-${number}`)) number++;
  const id = `${type}-${number}`;
  switch (type) {
    case 'hero':
      return { id, type, heading: 'A heading', lead: '', bookCall: true };
    case 'rich-text':
      return { id, type, heading: '', body: [paragraph('')] };
    case 'services':
      return {
        id,
        type,
        heading: 'What we do',
        items: [{ title: 'A service', text: 'What it includes.', price: '' }],
      };
    case 'steps':
      return {
        id,
        type,
        heading: 'How working together goes',
        items: [{ title: 'A step', text: 'What happens.' }],
      };
    case 'team':
      return {
        id,
        type,
        heading: 'Who you will work with',
        members: [{ name: 'A name', role: 'A role', qualifications: '', biography: '' }],
      };
    case 'reviews':
      return {
        id,
        type,
        heading: 'What clients say',
        items: [{ quote: 'What the client said.', name: 'Their name', business: '', permission: false }],
      };
    case 'accreditations':
      return { id, type, heading: 'Qualified and registered' };
    case 'faq':
      return {
        id,
        type,
        heading: 'Questions',
        items: [{ question: 'A question?', answer: [paragraph('')] }],
      };
    case 'call-to-action':
      return {
        id,
        type,
        heading: 'Talk to us',
        text: '',
        target: 'book-call',
        label: 'Book an initial call',
      };
    case 'contact-details':
      return { id, type, heading: 'Where to find us' };
    case 'image-text':
      return {
        id,
        type,
        heading: 'A heading',
        body: [paragraph('')],
        imageSide: 'end',
      };
    case 'form':
      return { id, type, form: 'contact' };
    case 'vat-explainer':
    case 'privacy-notice':
    case 'cookie-list':
      return { id, type };
  }
}

/** Every type, in the order the editor offers them. */
export const addableTypes = Object.keys(sectionLabels) as SectionType[];
