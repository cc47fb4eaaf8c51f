// Copy for the about page. Plain text only: components decide the markup.
export const aboutPage = {
  title: 'About us',
  description:
    'An ICAEW-registered firm of chartered accountants in Shrewsbury, founded in 2009, looking after around 450 businesses across Shropshire and the Marches.',
  eyebrow: 'About us',
  heading: 'A Shrewsbury practice with a partner who knows your business',
  lead: 'Fenwick & Hale was founded in 2009 by two accountants who had worked for the large firms and wanted to give small businesses the attention they gave to big ones. Today a team of eighteen looks after around 450 businesses and their owners from our office on Castle Street.',
  story: {
    heading: 'How we work',
    /** content/images/castle-street.jpg: replace it with a photograph of the firm's own office. */
    picture: {
      alt: 'Black-and-white timber-framed houses on Castle Street, Shrewsbury, at the end of the afternoon',
      caption: 'Castle Street, Shrewsbury, where our office has been since 2009',
    },
    paragraphs: [
      'Every client has a named accountant who does the work and answers the phone, supported by a partner who reviews it. We do not pass you between departments or send you to a call centre.',
      'We agree a fixed fee before we start, and we tell you in advance if something you ask for falls outside it. Nobody receives a bill they did not expect.',
      'We keep to a calendar of your deadlines and ask for what we need in good time, so your accounts and returns are filed early rather than on the last day.',
    ],
  },
  facts: [
    { figure: '2009', label: 'founded in Shrewsbury' },
    { figure: '450', label: 'businesses looked after' },
    { figure: '18', label: 'people, 9 of them qualified' },
    { figure: '2 days', label: 'to send a fixed quote' },
  ],
  team: {
    heading: 'The partners and managers',
    people: [
      {
        name: 'Helen Fenwick FCA',
        role: 'Founding partner',
        text: 'Helen trained with a Big Four firm in Birmingham and leads our work for professional practices and the business owners who run them. She is our firm’s responsible individual for audit.',
      },
      {
        name: 'Tom Hale CTA ACA',
        role: 'Founding partner',
        text: 'Tom is a chartered tax adviser who looks after incorporations, business sales and succession planning, and the more involved VAT questions, such as partial exemption and property.',
      },
      {
        name: 'Priya Lal ACCA',
        role: 'Client services manager',
        text: 'Priya manages our bookkeeping and payroll teams and sets up new clients on Xero, QuickBooks and FreeAgent. She runs our Making Tax Digital programme for sole traders and landlords.',
      },
      {
        name: 'Gareth Morris ATT',
        role: 'Personal tax manager',
        text: 'Gareth leads our self assessment team and specialises in landlords, farmers and capital gains on property.',
      },
    ],
  },
  credentials: {
    heading: 'Regulation and standards',
    items: [
      'Chartered accountants, regulated by the Institute of Chartered Accountants in England and Wales (ICAEW)',
      'Registered for anti-money-laundering supervision with the ICAEW',
      'Professional indemnity insurance in line with ICAEW requirements',
      'Xero Gold Partner and QuickBooks ProAdvisor',
    ],
  },
} as const;
