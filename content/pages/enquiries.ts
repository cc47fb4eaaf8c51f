// Copy for the contact and quote pages. The forms' fields and messages live in src/shared/enquiries.ts.
export const contactPage = {
  title: 'Contact us',
  description: 'Ask {firm} a question about accounts, tax, payroll or VAT. We reply within {replyPromise}.',
  heading: 'Contact us',
  lead: 'Tell us a little about yourself and what you need. One of our accountants will reply within {replyPromise}, usually by phone if you would like to talk it through.',
  quotePrompt: 'Know what you need and want a price?',
  quoteLink: 'Ask for a fixed quote',
} as const;

export const quotePage = {
  title: 'Ask for a fixed quote',
  description:
    'Tell {firm} about your practice and the years you need covered, and get a written fixed-fee quote within {quotePromise}.',
  heading: 'Ask for a fixed quote',
  lead: 'A few details about your practice and the tax years you need help with are enough for a written, fixed-fee quote. It arrives within {quotePromise}, and there is no obligation.',
} as const;
