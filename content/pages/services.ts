// Copy for the services page. Plain text only: components decide the markup.
export const servicesPage = {
  title: 'Accounts, tax, VAT and payroll services',
  description:
    'Fixed-fee accounts, corporation tax, bookkeeping, VAT, payroll and self assessment for owner-managed businesses and landlords in and around {town}.',
  eyebrow: 'Our services',
  heading: 'Everything an owner-managed business needs from its accountant',
  lead: 'Each client has a named accountant and a fixed monthly fee that covers the work below, agreed in writing before we start. Most clients take a bundle; you can also take any one service on its own.',
  services: [
    {
      id: 'accounts',
      title: 'Year-end accounts and corporation tax',
      summary:
        'Statutory accounts for limited companies and LLPs, and accounts for sole traders and partnerships, prepared from your bookkeeping and explained to you in a meeting before anything is signed.',
      includes: [
        'Statutory accounts filed at Companies House, with iXBRL tagging',
        'The CT600 corporation tax return, with capital allowances and R&D relief claims where they apply',
        'The confirmation statement and changes to directors and shareholders',
        'A dividend and salary plan for the directors for the year ahead',
      ],
      from: 'From £150 a month for a small limited company',
    },
    {
      id: 'bookkeeping',
      title: 'Bookkeeping and management accounts',
      summary:
        'Monthly bookkeeping in Xero, QuickBooks or FreeAgent, reconciled to the bank, with a short pack of management accounts so you see profit and cash while there is still time to act on them.',
      includes: [
        'Bank, card and payment-platform reconciliations every month',
        'Purchase invoices captured with Dext, and supplier payments prepared for your approval',
        'Monthly or quarterly management accounts with a cash-flow forecast',
        'Set-up and training when you move to cloud software',
      ],
      from: 'From £120 a month',
    },
    {
      id: 'vat',
      title: 'VAT returns and partial exemption',
      summary:
        'VAT registration, scheme choice and returns filed under Making Tax Digital, including the harder cases: partial exemption, the capital goods scheme, the option to tax on property, and the flat rate and margin schemes.',
      includes: [
        'Quarterly or monthly VAT returns, checked against your bookkeeping before filing',
        'Partial exemption calculations, de minimis tests and the annual adjustment',
        'Advice on the VAT treatment of property, mixed supplies and overseas sales',
        'Correspondence with HMRC and help with VAT inspections',
      ],
      from: 'From £60 a month, or included with bookkeeping',
      guide: { href: '/vat-de-minimis', text: 'Read our guide to the partial exemption de minimis tests' },
    },
    {
      id: 'payroll',
      title: 'Payroll and pensions',
      summary:
        'Payroll run on the same day every month for teams of one to two hundred, with RTI submissions, payslips and workplace pension auto-enrolment handled for you.',
      includes: [
        'Payslips through a secure portal, and P60s and P11Ds at the year end',
        'Full Payment Submissions to HMRC and pension contributions to your provider',
        'Statutory sick, maternity and paternity pay worked out correctly',
        'Payroll for directors only, set at the most tax-efficient level',
      ],
      from: 'From £25 a month plus £4 a payslip',
    },
    {
      id: 'tax',
      title: 'Self assessment and personal tax',
      summary:
        'Personal tax returns for company directors, landlords, partners and anyone with income HMRC does not tax at source, with payments on account worked out well before 31 January.',
      includes: [
        'Self assessment returns, with your tax bill confirmed by the end of October',
        'Rental accounts for landlords, including the mortgage interest restriction',
        'Capital gains tax on property and share disposals, including the 60-day property return',
        'Making Tax Digital for Income Tax from April 2026 for sole traders and landlords',
      ],
      from: 'From £275 a year',
    },
    {
      id: 'advice',
      title: 'Planning and advice',
      summary:
        'The decisions that shape your tax bill for years: whether to incorporate, how to extract profit, how to bring in a partner or sell the business, and how to pass it on.',
      includes: [
        'Incorporation of a sole trade or partnership, and choosing the right structure',
        'Business plans and forecasts for banks and investors',
        'Business asset disposal relief and planning for a sale or succession',
        'Inheritance tax and family investment company planning with our legal partners',
      ],
      from: 'Quoted for each piece of work before we start',
    },
  ],
  sectors: {
    heading: 'Who we work with',
    text: 'Most of our clients are owner-managed businesses with a turnover between £100,000 and £10 million. We know some trades particularly well:',
    items: [
      'Dental, medical and veterinary practices',
      'Construction trades and the Construction Industry Scheme',
      'Landlords and property developers',
      'Farms and rural businesses',
      'Architects, surveyors and other professional practices',
      'Charities and community interest companies',
    ],
  },
  callToAction: {
    heading: 'Find out what it would cost',
    text: 'Tell us about your business and we will send a fixed fee within {quotePromise}, or book a free 30-minute call to talk it through first.',
  },
} as const;
