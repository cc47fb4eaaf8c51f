import type { Field } from './form-fields.ts';

// The application questionnaire (docs/behaviour/applications.md#application-questionnaire): one list of questions drives the page's controls, the
// validation on both sides and the staff's email, so a question is worded the same everywhere.

export const applicationMessages = {
  /** docs/behaviour/applications.md#arrange-an-initial-chat: shown once the call is booked, after the booking modal closes. */
  booked: (date: string, time: string) => `You've booked a call on ${date} at ${time}`,
  zoomLink: (email: string) => `You'll get a Zoom link sent to ${email}`,
  received: 'Thank you, we have your answers.',
} as const;

/** A question of the questionnaire: a field of the site's usual kinds (shared/form-fields.ts). */
export type Question = Field;

export const applicationSections = [
  {
    title: 'Your business today',
    questions: {
      howManyClients: {
        kind: 'count',
        label: 'How many customers do you have?',
        hint: 'Or clients, members or patients: whoever pays you. A rough figure is fine.',
        missing: 'Please tell us how many customers you have',
        short: 'The number of customers you have',
      },
      howManyNewClients: {
        kind: 'count',
        label: 'How many new customers did you win in the last 12 months?',
        missing: 'Please tell us how many new customers you won in the last 12 months',
        short: 'The number of new customers in the last 12 months',
      },
      howManyClientsInAYear: {
        kind: 'count',
        label: 'How many new customers would you like to win in a year?',
        missing: 'Please tell us how many new customers you would like to win in a year',
        short: 'The number of new customers you would like in a year',
      },
      whichApps: {
        kind: 'paragraph',
        max: 1000,
        label: 'Which apps and software do you use to run the business?',
        hint: 'For example Xero, QuickBooks, Shopify, a till or booking system, Excel or Slack.',
        missing: 'Please tell us which apps and software you use',
        short: 'The apps you use',
      },
      importantApps: {
        kind: 'paragraph',
        max: 1000,
        label: 'Which of them could you not do without?',
        missing: 'Please tell us which apps you could not do without',
        short: 'The apps you could not do without',
      },
    },
  },
  {
    title: 'How things work now',
    questions: {
      howLongToOnboard: {
        kind: 'choice',
        label: 'Once a new customer says yes, how long until they are fully set up with you?',
        options: ['Less than a week', '1 to 2 weeks', '2 to 4 weeks', '1 to 3 months', 'More than 3 months'],
        missing: 'Please choose how long it takes to set up a new customer',
        short: 'How long setting up a new customer takes',
      },
      howKeepTrack: {
        kind: 'choice',
        label: 'How do you keep track of customers and their orders or jobs?',
        options: [
          'Software made for our trade (bookings, jobs or orders)',
          'Accounting or invoicing software',
          'A customer database',
          'Spreadsheets',
          'Email, paper and memory',
          'Something else',
        ],
        missing: 'Please choose how you keep track of customers and their orders or jobs',
        short: 'How you keep track of customers',
      },
      howAttractingNewClients: {
        kind: 'paragraph',
        max: 2000,
        label: 'How do new customers find you at the moment?',
        hint: 'Word of mouth, your website, social media, a shop front, adverts: whatever brings them in.',
        missing: 'Please tell us how new customers find you',
        short: 'How new customers find you',
      },
      howDoingMarketing: {
        kind: 'choice',
        label: 'How is your marketing going?',
        options: [
          'We do not do any marketing',
          'Now and then, when we have time',
          'Regularly, done in-house',
          'Regularly, with an agency or freelancer',
        ],
        missing: 'Please choose how your marketing is going',
        short: 'How your marketing is going',
      },
    },
  },
  {
    title: 'What you want to change',
    questions: {
      biggestFrustration: {
        kind: 'paragraph',
        max: 2000,
        label: 'What is your biggest frustration in the business right now?',
        hint: 'Bookkeeping, tax deadlines, cash flow, your current accountant: whatever it is.',
        missing: 'Please tell us your biggest frustration',
        short: 'Your biggest frustration',
      },
      whatChange: {
        kind: 'paragraph',
        max: 2000,
        label: 'If we worked together, what would you most like to change in the next 12 months?',
        missing: 'Please tell us what you would most like to change',
        short: 'What you would like to change',
      },
    },
  },
  {
    title: 'About you',
    questions: {
      yourName: {
        autoComplete: 'name',
        kind: 'line',
        max: 200,
        label: 'Your name',
        missing: 'Please enter your name',
        short: 'Your name',
      },
      emailAddress: {
        autoComplete: 'email',
        kind: 'email',
        label: 'Email address',
        hint: 'We will send the details of your call here.',
        missing: 'Please enter your email address',
        short: 'Your email address',
      },
      businessName: {
        autoComplete: 'organization',
        kind: 'line',
        max: 200,
        label: 'Business name',
        missing: 'Please enter your business name',
        short: 'Your business name',
      },
      website: {
        autoComplete: 'url',
        kind: 'website',
        label: 'Website (optional)',
        missing: '',
        short: 'Your website',
      },
    },
  },
] as const satisfies readonly { title: string; questions: Record<string, Question> }[];

type Questions = (typeof applicationSections)[number]['questions'];
type Flatten<U> = U extends unknown ? { [K in keyof U]: U[K] } : never;
type AllQuestions = UnionToIntersection<Flatten<Questions>>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

export type QuestionName = keyof AllQuestions & string;

/** Every question by its field name, in the order the page asks them. */
export const applicationQuestions = Object.fromEntries(
  applicationSections.flatMap((section) => Object.entries(section.questions)),
) as Record<QuestionName, Question>;

export const questionNames = Object.keys(applicationQuestions) as QuestionName[];

/** Who the applicant is: shown once, at the top of their lead and in its own CSV columns. */
export const applicantQuestions: readonly QuestionName[] = [
  'yourName',
  'emailAddress',
  'businessName',
  'website',
];
/** The questionnaire's other questions: the answers proper. */
export const answerQuestions = questionNames.filter((name) => !applicantQuestions.includes(name));

/** The answers as stored and sent: counts are numbers, everything else text ('' for a blank website). */
export type ApplicationAnswers = {
  [K in QuestionName]: AllQuestions[K] extends { kind: 'count' } ? number : string;
};

/**
 * What an application holds besides the SPEC's answers (questionnaire.ts): the firm's words for the SPEC
 * questions it reworded, as the visitor read them, and the answers to its own questions.
 */
export interface AnswersAsAsked {
  askedAs?: Partial<Record<QuestionName, string>>;
  ownAnswers?: { question: string; answer: string }[];
}

/** "Question: answer" lines, in the page's order, for the staff's emails. */
export function describeAnswers(answers: ApplicationAnswers): string[] {
  return questionNames.map((name) => {
    const answer = answers[name];
    return `${applicationQuestions[name].label}\n${answer === '' ? '(not given)' : answer}`;
  });
}
