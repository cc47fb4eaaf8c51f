// Copy for the home page, written for any firm: {tokens} take the firm's words (shared/firm-words.ts).
// Plain text only: components decide the markup.
export const home = {
  title: 'Accountants in {town}',
  description:
    '{firm} look after the accounts, tax, payroll and VAT of owner-managed businesses in and around {town}, for a fixed monthly fee.',
  hero: {
    heading: 'Accountancy that keeps your business moving',
    lead: 'We look after the accounts, tax and payroll of owner-managed businesses across {areas}, for a fixed monthly fee agreed before we start. You get a named accountant who answers the phone, and figures you can act on.',
  },
  /** The firm's own standing, in words (its accreditations): no one else's logos. */
  accreditations: { heading: 'Qualified and registered' },
  services: {
    heading: 'What we do',
    items: [
      {
        title: 'Year-end accounts and corporation tax',
        text: 'Statutory accounts filed with Companies House and your CT600 with HMRC, with a meeting to walk you through the numbers before anything is signed.',
      },
      {
        title: 'Bookkeeping and VAT',
        text: 'Monthly bookkeeping in Xero, QuickBooks or FreeAgent, and VAT returns submitted under Making Tax Digital, including partial exemption and the flat rate scheme.',
      },
      {
        title: 'Payroll and pensions',
        text: 'RTI submissions, payslips, P60s and auto-enrolment for teams of one to two hundred, run on the same day every month.',
      },
      {
        title: 'Self assessment',
        text: 'Personal tax returns for directors, landlords and partners, with your payments on account worked out well before January.',
      },
    ],
    more: 'See all our services and fees',
  },
  process: {
    heading: 'How working together goes',
    steps: [
      {
        title: 'An initial call',
        text: 'Thirty minutes on a video call to understand your business, what you need from an accountant and what is not working now. There is no charge and no obligation.',
      },
      {
        title: 'A fixed quote',
        text: 'Within {quotePromise} you receive a written proposal with a fixed monthly fee. If your business changes, we agree any change to the fee before the work is done.',
      },
      {
        title: 'A smooth handover',
        text: 'We contact your previous accountant for professional clearance, set up your software and agree a calendar of deadlines, so nothing is missed in the move.',
      },
    ],
  },
  /** What clients said (the firm's reviews), shown when it has any. */
  testimonials: { heading: 'What our clients say' },
  contact: {
    heading: 'Talk to us',
    text: 'Book a free 30-minute video call at a time that suits you, or send us a message and one of our accountants will reply within {replyPromise}.',
    formLink: 'Send us a message',
  },
} as const;
