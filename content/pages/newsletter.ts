// Copy for the newsletter page, where the larger subscribe form lives.
export const newsletterPage = {
  title: 'Newsletter for owner-managed businesses',
  description:
    'A short monthly email from {firm}: tax deadlines, allowances and plain-English news for owner-managed businesses.',
  heading: 'Our newsletter',
  lead: 'One short email a month, written by our accountants for people who run their own business.',
  contents: [
    'The tax and filing deadlines coming up, so nothing catches you out',
    'Changes to allowances, reliefs and rates, and what they mean for you',
    'Practical ideas for paying yourself, cash flow and planning ahead',
  ],
} as const;
