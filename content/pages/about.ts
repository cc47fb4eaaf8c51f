// Copy for the about page, written for any firm: {tokens} take the firm's words (shared/firm-words.ts),
// and its figures, people and accreditations are the firm's details. Plain text only: components decide
// the markup.
export const aboutPage = {
  title: 'About us',
  description:
    'About {firm}: accountants in {town} for owner-managed businesses, each with a named accountant and a fixed fee.',
  eyebrow: 'About us',
  heading: 'A {town} practice with a partner who knows your business',
  lead: '{firm} looks after owner-managed businesses and their owners across {areas}: a named accountant for each client, a fixed fee agreed before we start, and deadlines met early.',
  story: {
    heading: 'How we work',
    paragraphs: [
      'Every client has a named accountant who does the work and answers the phone, supported by a partner who reviews it. We do not pass you between departments or send you to a call centre.',
      'We agree a fixed fee before we start, and we tell you in advance if something you ask for falls outside it. Nobody receives a bill they did not expect.',
      'We keep to a calendar of your deadlines and ask for what we need in good time, so your accounts and returns are filed early rather than on the last day.',
    ],
  },
  team: { heading: 'The partners and managers' },
  credentials: { heading: 'Regulation and standards' },
} as const;
