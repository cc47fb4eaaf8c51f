// Copy for the home page. Plain text only: components decide the markup.
export const home = {
  title: 'Chartered accountants in Shrewsbury',
  description:
    'Fenwick & Hale look after the accounts, tax, payroll and VAT of owner-managed businesses across Shropshire and the Marches, for a fixed monthly fee.',
  hero: {
    heading: 'Accountancy that keeps your business moving',
    lead: 'We look after the accounts, tax and payroll of owner-managed businesses across Shropshire and the Marches, for a fixed monthly fee agreed before we start. You get a named accountant who answers the phone, and figures you can act on.',
  },
  /** The firm's own standing, in words: no one else's logos. */
  accreditations: {
    heading: 'Qualified and registered',
    items: [
      'ICAEW Chartered Accountants',
      'Registered with HMRC as a tax agent',
      'Making Tax Digital ready',
      'Supervised for anti-money laundering',
    ],
  },
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
        text: 'Within two working days you receive a written proposal with a fixed monthly fee. If your business changes, we agree any change to the fee before the work is done.',
      },
      {
        title: 'A smooth handover',
        text: 'We contact your previous accountant for professional clearance, set up your software and agree a calendar of deadlines, so nothing is missed in the move.',
      },
    ],
  },
  testimonials: {
    heading: 'What our clients say',
    items: [
      {
        quote:
          'They moved our bookkeeping to Xero in a fortnight and we finally know our cash position every Monday morning.',
        name: 'Rachel Owen',
        role: 'Director',
        business: 'Owen & Price Joinery',
        place: 'Shrewsbury',
      },
      {
        quote:
          'Straight answers, a fee that never surprises us, and they spotted a VAT partial exemption saving in our first year.',
        name: 'Dr Imran Qureshi',
        role: 'Partner',
        business: 'Severnside Dental Practice',
        place: 'Bridgnorth',
      },
      {
        quote:
          'Payroll for forty seasonal staff used to take me a weekend. Now it is done on the same day every month and I never think about it.',
        name: 'Siân Davies',
        role: 'Owner',
        business: 'Wrekin View Farm Shop',
        place: 'Wellington',
      },
    ],
  },
  contact: {
    heading: 'Talk to us',
    text: 'Book a free 30-minute video call at a time that suits you, or send us a message and one of our accountants will reply within one working day.',
    formLink: 'Send us a message',
  },
} as const;
