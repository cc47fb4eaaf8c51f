import { isTypedText } from './form-fields.ts';
import { isAllowedLink, type RichText, richTextMessages, richTextSchema } from './rich-text.ts';
import { z } from './zod.ts';

// What a page is made of (docs/decisions/023-pages-are-sections.md): a title, a description and an ordered
// list of sections, each of one fixed, designed type. A type's fields are plain data, checked here by the
// editor as it goes and by the server on every save; how each type looks is the product's code.

/** One line of typed text, `label` naming it in the refusal, held to `max` characters. */
const typedLine = (label: string, max: number, { optional = false } = {}) =>
  z
    .string({ error: `${label}: enter some text.` })
    .trim()
    .max(max, { error: `${label}: up to ${max} characters.` })
    .refine((typed) => optional || typed.length > 0, { error: `${label}: enter some text.` })
    .refine((typed) => isTypedText(typed) && !/[\r\n\u2028\u2029]/.test(typed), {
      error: `${label}: one line of ordinary text.`,
    });

/** One line of typed text; one that may be empty may also be left out, and is then empty. */
const line = (label: string, max: number, { optional = false } = {}) =>
  optional ? typedLine(label, max, { optional }).default('') : typedLine(label, max);

/** One line a section may have or not have at all (stored without it when it has none). */
const absentOrLine = (label: string, max: number) => typedLine(label, max, { optional: true }).optional();

/** A few lines of typed text (a biography, a review's words): line breaks kept, nothing else. */
const lines = (label: string, max: number) =>
  z
    .string({ error: `${label}: enter some text.` })
    .trim()
    .min(1, { error: `${label}: enter some text.` })
    .max(max, { error: `${label}: up to ${max} characters.` })
    .refine((text) => isTypedText(text.replaceAll('\n', '')), { error: `${label}: ordinary text only.` });

/** A picture the page names but the site does not hold (never uploaded, or named by hand). */
export const pictureMissing = 'Picture: upload it again.';

/**
 * A picture the firm uploaded (its files made as a cover's are), with the words for those who cannot see
 * it, or marked as decoration, which screen readers then pass over.
 */
export const imageSchema = z
  .object({
    key: z.string().regex(/^[0-9a-f]{20}$/, { error: pictureMissing }),
    /** The largest size made of it, which the page declares so that nothing moves as it loads. */
    width: z
      .number({ error: pictureMissing })
      .int({ error: pictureMissing })
      .min(1, { error: pictureMissing })
      .max(20_000, { error: pictureMissing }),
    height: z
      .number({ error: pictureMissing })
      .int({ error: pictureMissing })
      .min(1, { error: pictureMissing })
      .max(20_000, { error: pictureMissing }),
    alt: line('Description of the picture', 200, { optional: true }),
    decorative: z.boolean(),
  })
  .strict()
  .refine((image) => image.decorative || image.alt.length > 0, {
    error: 'Description of the picture: say what it shows, or mark it as decoration.',
    path: ['alt'],
  });
export type SectionImage = z.infer<typeof imageSchema>;

const heading = line('Heading', 120);

/** A link a section shows beside its content: its words, and where it goes (as a rich text link may). */
const linkSchema = z
  .object({
    label: line('Link words', 60),
    href: z
      .string({ error: richTextMessages.link })
      .trim()
      .refine(isAllowedLink, { error: richTextMessages.link }),
  })
  .strict();
export type SectionLink = z.infer<typeof linkSchema>;

/** The forms the SPEC names, each a section a page may hold. */
export const sectionForms = ['contact', 'quote', 'application', 'newsletter'] as const;
/** Where a call to action leads: the booking calendar, or one of the forms' pages. */
export const callToActionTargets = ['book-call', ...sectionForms] as const;

const sectionId = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, { error: 'A section lost its name: reload the page.' });
const section = <Type extends string, Shape extends z.ZodRawShape>(type: Type, shape: Shape) =>
  z.object({ id: sectionId, type: z.literal(type), ...shape }).strict();

export const sectionSchema = z.discriminatedUnion('type', [
  section('hero', {
    /** A few words above the heading; none shows the firm's strapline. */
    eyebrow: absentOrLine('Words above the heading', 60),
    heading,
    lead: line('Lead', 400, { optional: true }),
    picture: imageSchema.optional(),
    /** Without a picture of its own, the firm's photo (its Look), or the drawing until it has one. */
    firmPicture: z.boolean().optional(),
    bookCall: z.boolean(),
    /** A second button that rings the firm's number. */
    callUs: z.boolean().optional(),
    /** The firm's figures (its Firm details) below the lead. */
    facts: z.boolean().optional(),
  }),
  section('rich-text', { heading: line('Heading', 120, { optional: true }), body: richTextSchema }),
  section('services', {
    heading,
    items: z
      .array(
        z
          .object({
            title: line('Service', 80),
            text: lines('What it includes', 400),
            price: line('Price', 80, { optional: true }),
            /** What the fee covers, a line each. */
            includes: z
              .array(line('Included', 200))
              .max(8, { error: 'What the fee covers: up to 8 lines.' })
              .optional(),
            link: linkSchema.optional(),
          })
          .strict(),
      )
      .min(1, { error: 'Services: add at least one.' })
      .max(12, { error: 'Services: up to 12.' }),
    /** Below the services, as "See all our services and fees". */
    link: linkSchema.optional(),
  }),
  section('steps', {
    heading,
    items: z
      .array(z.object({ title: line('Step', 80), text: lines('What happens', 400) }).strict())
      .min(1, { error: 'Steps: add at least one.' })
      .max(8, { error: 'Steps: up to 8.' }),
  }),
  section('team', {
    heading,
    members: z
      .array(
        z
          .object({
            name: line('Name', 80),
            role: line('Role', 80),
            qualifications: line('Qualifications', 120, { optional: true }),
            biography: lines('Biography', 600).or(z.literal('')),
            photo: imageSchema.optional(),
            /** The adviser a visitor books a call with from this person's card, when they take calls. */
            adviserId: z.number().int().positive().optional(),
          })
          .strict(),
      )
      .min(1, { error: 'Team: add at least one person.' })
      .max(24, { error: 'Team: up to 24 people.' }),
  }),
  section('reviews', {
    heading,
    items: z
      .array(
        z
          .object({
            quote: lines('What the client said', 600),
            name: line('Client’s name', 80),
            business: line('Business', 120, { optional: true }),
            rating: z
              .number({ error: 'Rating: from 1 to 5 stars, or none.' })
              .int({ error: 'Rating: from 1 to 5 stars, or none.' })
              .min(1, { error: 'Rating: from 1 to 5 stars, or none.' })
              .max(5, { error: 'Rating: from 1 to 5 stars, or none.' })
              .optional(),
            /** The client agreed to their words being published: a review without it is never shown. */
            permission: z.boolean(),
          })
          .strict(),
      )
      .min(1, { error: 'Reviews: add at least one.' })
      .max(12, { error: 'Reviews: up to 12.' }),
  }),
  section('accreditations', { heading }),
  section('faq', {
    heading,
    items: z
      .array(z.object({ question: line('Question', 200), answer: richTextSchema }).strict())
      .min(1, { error: 'Questions: add at least one.' })
      .max(30, { error: 'Questions: up to 30.' }),
  }),
  section('call-to-action', {
    heading,
    text: line('Text', 300, { optional: true }),
    target: z.enum(callToActionTargets, { error: 'Button: choose where it leads.' }),
    label: line('Button', 40),
    /** A second, quieter button beside the first. */
    second: z
      .object({
        target: z.enum(callToActionTargets, { error: 'Second button: choose where it leads.' }),
        label: line('Second button', 40),
      })
      .strict()
      .optional(),
  }),
  section('contact-details', { heading }),
  section('image-text', {
    heading,
    body: richTextSchema,
    /** Until one is uploaded, the words alone. */
    image: imageSchema.optional(),
    imageSide: z.enum(['start', 'end']),
  }),
  section('form', {
    form: z.enum(sectionForms, { error: 'Form: choose one.' }),
    /** Above the form, if it has one (a page's forms say what they are for). */
    heading: absentOrLine('Heading', 120),
    /** Words before the form, which may link elsewhere ("Want a price? Ask for a quote"). */
    intro: richTextSchema.optional(),
    /** What happens once it is sent, in order: shown beside the form with the firm's contact details. */
    steps: z
      .array(line('What happens next', 200))
      .max(6, { error: 'What happens next: up to 6 lines.' })
      .optional(),
  }),
  section('vat-explainer', {}),
  // The two notices whose words say what the site itself collects and stores: the product keeps them true
  // to what it does, so a firm places them, and writes its own words around them, but does not edit them.
  section('privacy-notice', {}),
  section('cookie-list', {}),
]);

export type Section = z.infer<typeof sectionSchema>;
export type SectionType = Section['type'];
export type SectionOf<Type extends SectionType> = Extract<Section, { type: Type }>;

export const pageDocumentSchema = z
  .object({
    title: line('Title', 60),
    description: line('Description', 160),
    sections: z.array(sectionSchema).max(40, { error: 'A page may have up to 40 sections.' }),
  })
  .strict()
  .refine((page) => new Set(page.sections.map(({ id }) => id)).size === page.sections.length, {
    error: 'Two sections share a name: reload the page.',
  })
  .refine((page) => onlyOnce(page.sections), {
    error: 'A page may hold each form, and the VAT calculator, once: remove the second.',
  });

/** Whether no form, nor the calculator, stands twice on one page (their fields' ids would clash). */
function onlyOnce(sections: readonly Section[]): boolean {
  const kinds = sections.flatMap((section) =>
    section.type === 'form' ? [section.form] : section.type === 'vat-explainer' ? ['vat'] : [],
  );
  return new Set(kinds).size === kinds.length;
}
export type PageDocument = z.infer<typeof pageDocumentSchema>;

/** The reviews a page may show: those the client agreed to. */
export const publishableReviews = (reviews: SectionOf<'reviews'>['items']) =>
  reviews.filter((review) => review.permission);

type TeamMembers = SectionOf<'team'>['members'];
type Reviews = SectionOf<'reviews'>['items'];

/**
 * The document with its people changed: each team's members and each section of reviews' items as
 * `change` makes them (as they were where it says nothing), and a section left with none gone.
 */
export function withPeople(
  document: PageDocument,
  change: { team?: (members: TeamMembers) => TeamMembers; reviews?: (items: Reviews) => Reviews },
): PageDocument {
  return {
    ...document,
    sections: document.sections.flatMap((section): Section[] => {
      if (section.type === 'team' && change.team) {
        const members = change.team(section.members);
        return members.length > 0 ? [{ ...section, members }] : [];
      }
      if (section.type === 'reviews' && change.reviews) {
        const items = change.reviews(section.items);
        return items.length > 0 ? [{ ...section, items }] : [];
      }
      return [section];
    }),
  };
}

/**
 * The document as visitors may have it, in the page and in anything it carries: a review the client has
 * not agreed to is not there at all (not merely hidden), nor a section of reviews left with none.
 */
export const publicDocument = (document: PageDocument): PageDocument =>
  withPeople(document, { reviews: publishableReviews });

/** Whether the page holds one of the SPEC's forms. */
export const hasForm = (document: PageDocument, form: (typeof sectionForms)[number]) =>
  document.sections.some((section) => section.type === 'form' && section.form === form);

/** Whether rich text holds anything to show. */
export const hasText = (text: RichText) =>
  text.some((block) => (block.type === 'list' ? block.items.length > 0 : block.content.length > 0));

/** Every picture a page's sections place. */
export function picturesOf(document: PageDocument): SectionImage[] {
  return document.sections.flatMap((section) => {
    if (section.type === 'hero' || section.type === 'image-text') {
      const picture = section.type === 'hero' ? section.picture : section.image;
      return picture ? [picture] : [];
    }
    if (section.type === 'team')
      return section.members.flatMap((member) => (member.photo ? [member.photo] : []));
    return [];
  });
}
