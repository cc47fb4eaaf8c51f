import { describe, expect, it } from 'vitest';
import { paragraph } from './rich-text.ts';
import { type PageDocument, pageDocumentSchema, publishableReviews, type Section } from './sections.ts';

const photo = {
  key: 'a1b2c3d4e5f6a7b8c9d0',
  width: 960,
  height: 960,
  alt: 'Priya at her desk',
  decorative: false,
};

/** The page the issue's test builds: a hero, services with prices, a team of two, three reviews, an FAQ and a form. */
const landlords: PageDocument = {
  title: 'Accountants for landlords',
  description: 'Rental accounts, self assessment and Making Tax Digital for landlords in Leeds.',
  sections: [
    { id: 'hero', type: 'hero', heading: 'Landlords', lead: 'Your rental accounts, done.', bookCall: true },
    {
      id: 'prices',
      type: 'services',
      heading: 'What it costs',
      items: [
        { title: 'One property', text: 'Rental accounts and your tax return.', price: 'From £60 a month' },
        { title: 'A portfolio', text: 'Up to twenty properties.', price: '' },
      ],
    },
    {
      id: 'team',
      type: 'team',
      heading: 'Who you will work with',
      members: [
        {
          name: 'Priya Shah',
          role: 'Partner',
          qualifications: 'FCA',
          biography: 'Landlords since 2009.',
          photo,
        },
        { name: 'Tom Marsh', role: 'Tax manager', qualifications: '', biography: '', adviserId: 2 },
      ],
    },
    {
      id: 'reviews',
      type: 'reviews',
      heading: 'What landlords say',
      items: [
        { quote: 'Calm and quick.', name: 'Ann', business: 'Ann’s Lets', rating: 5, permission: true },
        { quote: 'Saved me hours.', name: 'Bob', business: '', permission: true },
        { quote: 'Not yet agreed.', name: 'Cy', business: '', permission: false },
      ],
    },
    {
      id: 'faq',
      type: 'faq',
      heading: 'Questions',
      items: [{ question: 'Do you do MTD?', answer: [paragraph('Yes, from April 2026.')] }],
    },
    { id: 'form', type: 'form', form: 'contact' },
  ],
};

const problemsOf = (page: unknown) =>
  pageDocumentSchema.safeParse(page).error?.issues.map((issue) => issue.message) ?? [];
const withSection = (section: unknown) => ({ ...landlords, sections: [section] });

describe('a page of sections', () => {
  it('takes a page made of the fixed types, trimmed', () => {
    const parsed = pageDocumentSchema.parse({ ...landlords, title: '  Accountants for landlords ' });
    expect(parsed).toEqual(landlords);
  });

  it('shows only the reviews the client agreed to', () => {
    const reviews = landlords.sections[3] as Extract<Section, { type: 'reviews' }>;
    expect(publishableReviews(reviews.items).map((review) => review.name)).toEqual(['Ann', 'Bob']);
  });

  it('refuses in words naming the field: too long, blank, two lines, no description for a picture', () => {
    expect(problemsOf({ ...landlords, title: 'x'.repeat(61) })).toEqual(['Title: up to 60 characters.']);
    expect(problemsOf({ ...landlords, description: ' ' })).toEqual(['Description: enter some text.']);
    expect(problemsOf({ ...landlords, title: 'Two\nlines' })).toEqual(['Title: one line of ordinary text.']);
    expect(
      problemsOf(
        withSection({
          id: 'hero',
          type: 'hero',
          heading: 'Landlords',
          lead: '',
          bookCall: false,
          picture: { ...photo, alt: '' },
        }),
      ),
    ).toEqual(['Description of the picture: say what it shows, or mark it as decoration.']);
    expect(
      problemsOf(
        withSection({
          id: 'hero',
          type: 'hero',
          heading: 'Landlords',
          lead: '',
          bookCall: false,
          picture: { ...photo, alt: '', decorative: true },
        }),
      ),
    ).toEqual([]);
  });

  it('refuses a type, a field or a form it does not know, and two sections of one name', () => {
    expect(problemsOf(withSection({ id: 'x', type: 'html', html: '<script>alert(1)</script>' }))).not.toEqual(
      [],
    );
    expect(problemsOf(withSection({ id: 'f', type: 'form', form: 'payment' }))).toEqual([
      'Form: choose one.',
    ]);
    expect(
      problemsOf(withSection({ id: 'v', type: 'vat-explainer', onload: 'alert(1)' })).length,
    ).toBeGreaterThan(0);
    expect(problemsOf({ ...landlords, sections: [landlords.sections[0], landlords.sections[0]] })).toEqual([
      'Two sections share a name: reload the page.',
    ]);
  });

  it('holds each list to its count', () => {
    const member = { name: 'A', role: 'B', qualifications: '', biography: '' };
    expect(
      problemsOf(withSection({ id: 't', type: 'team', heading: 'Team', members: Array(25).fill(member) })),
    ).toEqual(['Team: up to 24 people.']);
    expect(
      problemsOf({
        ...landlords,
        sections: Array.from({ length: 41 }, (_, n) => ({ id: `v${n}`, type: 'vat-explainer' })),
      }),
    ).toEqual(['A page may have up to 40 sections.']);
  });

  it('holds each form and the calculator once, and takes an optional line left out as empty', () => {
    const contact = { id: 'c1', type: 'form', form: 'contact' };
    expect(problemsOf({ ...landlords, sections: [contact, { ...contact, id: 'c2' }] })).toEqual([
      'A page may hold each form, and the VAT calculator, once: remove the second.',
    ]);
    expect(problemsOf({ ...landlords, sections: [contact, { ...contact, id: 'q', form: 'quote' }] })).toEqual(
      [],
    );
    const service = { title: 'Rental accounts', text: 'For one property.' };
    const parsed = pageDocumentSchema.parse(
      withSection({ id: 's', type: 'services', heading: 'Fees', items: [service] }),
    );
    expect(parsed.sections[0]).toMatchObject({ items: [{ ...service, price: '' }] });
  });
});
