// The VAT partial-exemption de minimis explainer and its calculator: the product's guide to the law, in
// words and the example figures it opens with. The arithmetic is in src/shared/vat-de-minimis.ts; the
// page around it (its opening and its call to action) is the firm's.
export const vatDeMinimis = {
  intro: [
    'Businesses that make exempt supplies, such as residential lettings, insurance broking, financial services or some health and education services, alongside standard or zero-rated sales are "partly exempt". Their input tax falls into three groups: VAT on costs used only for taxable supplies, which you reclaim in full; VAT on costs used only for exempt supplies, which you normally cannot reclaim; and residual VAT on shared overheads such as rent, phones and accountancy fees, which you split between the two.',
    'HMRC accepts that small amounts of exempt input tax are not worth the paperwork. If you pass any one of the de minimis tests for a VAT period, you treat all your input tax as taxable and reclaim it in full. The limit in every test is £625 a month on average, so £1,875 for a quarter and £7,500 for a year.',
  ],
  calculator: {
    heading: 'Check your figures',
    intro:
      'Enter the figures for one VAT period, or for your whole partial exemption year at the annual adjustment. Amounts are in pounds, excluding VAT on the supplies. Nothing you type leaves this page.',
    figuresHeading: 'Your figures',
    testsHeading: 'The tests',
    outcomeHeading: 'What follows',
    labels: {
      months: 'Length of the period in months',
      taxableInputTax: 'Input tax on costs used only for taxable supplies',
      exemptInputTax: 'Input tax on costs used only for exempt supplies',
      residualInputTax: 'Residual input tax on shared costs',
      taxableSupplies: 'Value of taxable supplies',
      exemptSupplies: 'Value of exempt supplies',
      deMinimisLastYear: 'We were de minimis for the whole of our last partial exemption year',
      inputTaxUnderCeiling: 'We expect our input tax for this year to be £1,000,000 or less',
    },
    hints: {
      months: 'Usually 3 for a quarterly return, 1 for a monthly return, 12 at the year end',
      taxableSupplies: 'Standard-rated, reduced-rated and zero-rated sales, excluding VAT',
    },
    annualLegend: 'For the annual test',
    submit: 'Check these figures',
    /** The worked example the page opens with: a lettings-and-trading business that passes Test Two. */
    example: {
      months: '3',
      taxableInputTax: '500',
      exemptInputTax: '1500',
      residualInputTax: '300',
      taxableSupplies: '60000',
      exemptSupplies: '40000',
      deMinimisLastYear: true,
      inputTaxUnderCeiling: true,
    },
  },
  tests: {
    testOne: {
      name: 'Simplified Test One',
      rule: 'Total input tax is no more than £625 a month on average, and exempt supplies are no more than half of all supplies.',
      measured: 'Total input tax',
    },
    testTwo: {
      name: 'Simplified Test Two',
      rule: 'Total input tax less input tax on costs used only for taxable supplies is no more than £625 a month on average, and exempt supplies are no more than half of all supplies.',
      measured: 'Input tax not used only for taxable supplies',
    },
    originalTest: {
      name: 'The original test',
      rule: 'Exempt input tax (the direct exempt input tax plus the exempt share of residual input tax) is no more than £625 a month on average, and no more than half of all input tax.',
      measured: 'Exempt input tax',
    },
    annualTest: {
      name: 'The annual test',
      rule: 'If you were de minimis last year, expect to be de minimis this year and expect input tax of no more than £1,000,000, you may treat every return this year as de minimis.',
      measured: '',
    },
  },
  verdict: { pass: 'Passes', fail: 'Does not pass' },
  limitWord: 'limit',
  exemptSuppliesShare: 'Exempt supplies are',
  outcome: {
    deMinimis:
      'You are de minimis for this period. Treat all your input tax as taxable and reclaim it in full.',
    notDeMinimis:
      'You are not de minimis for this period. Reclaim your taxable input tax and the taxable share of residual input tax; the exempt input tax cannot be reclaimed.',
    recoverable: 'Input tax you can reclaim',
    irrecoverable: 'Input tax you cannot reclaim',
    recoveryRate: 'Standard method recovery rate for residual input tax',
    annual:
      'The annual test is open to you: you can reclaim input tax in full on each return this year without working out the tests every period. Check again at the year end, and repay the exempt input tax if you were not de minimis for the year as a whole.',
    yearEnd:
      'Whatever the answer for each period, you must test the year as a whole at your annual adjustment, and pay back or reclaim the difference.',
  },
  sections: [
    {
      heading: 'The order to work through the tests',
      paragraphs: [
        'You can use whichever test suits you, and you only need to pass one. HMRC designed simplified Test One to be the quickest: it needs only your total input tax and the values of your supplies, figures you already have from your VAT return. Test Two takes out the VAT on costs used only for taxable supplies, so it helps a business with large taxable purchases. Only if both simplified tests fail do you need the full partial exemption calculation of the original test.',
        'Both simplified tests also require your exempt supplies to be no more than half of all your supplies. A business whose income is mostly exempt, such as a residential landlord with a small trading side, has to use the original test.',
      ],
    },
    {
      heading: 'How the original test splits residual input tax',
      paragraphs: [
        'Under the standard method, the share of residual input tax you may reclaim is your taxable supplies divided by all your supplies, rounded up to the next whole percentage. The rest of the residual input tax is exempt input tax. Add it to the input tax on costs used only for exempt supplies, and compare the total with £625 a month and with half of all your input tax.',
        'Leave out of the calculation the supplies that the standard method excludes, such as sales of capital assets and incidental financial transactions. If HMRC has approved a special method for you, use that method to find your exempt input tax.',
      ],
    },
    {
      heading: 'The annual test',
      paragraphs: [
        'Since April 2010 a business that was de minimis in its previous partial exemption year may treat itself as de minimis in every VAT return of the current year, provided it reasonably expects to be de minimis again and its input tax for the year is not expected to exceed £1,000,000. It reclaims input tax in full on each return, with no calculations during the year.',
        'At the year end it tests the whole year. If it was not de minimis after all, it repays the exempt input tax for the year on its next return. A business whose position is changing, because it is about to buy or sell a property, say, should think carefully before relying on the annual test.',
      ],
    },
    {
      heading: 'The annual adjustment',
      paragraphs: [
        'Partial exemption runs by years as well as periods. Your partial exemption year usually ends on 31 March, 30 April or 31 May, depending on your VAT return stagger. At the end of it you repeat the calculation for the whole year. Being de minimis in one quarter does not make you de minimis for the year, and the reverse is true as well, so the year-end figures decide.',
      ],
    },
  ],
  sources: {
    heading: 'Where the rules come from',
    items: [
      {
        text: 'HMRC VAT Notice 706: Partial exemption, section 11 (de minimis)',
        href: 'https://www.gov.uk/guidance/partial-exemption-vat-notice-706',
      },
      {
        text: 'VAT Information Sheet 04/10: changes to the de minimis rules',
        href: 'https://www.gov.uk/government/publications/vat-information-sheet-0410-partial-exemption-changes-to-the-de-minimis-rules',
      },
    ],
    disclaimer:
      'This guide and calculator give a general picture, not advice for your business. The rules have details, such as the standard method override and the capital goods scheme, that the calculator does not cover.',
  },
} as const;
