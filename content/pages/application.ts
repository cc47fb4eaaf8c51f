// Copy for the application questionnaire page. The questions themselves live in src/shared/application.ts.
export const applicationPage = {
  title: 'Apply to work with us',
  description:
    'Tell {firm} about your business in a few minutes, then choose a time for a free initial video call.',
  heading: 'Tell us about your business',
  lead: 'A few questions about how your business runs today and where you want it to go. It takes about five minutes. Your answers stay with us and help us make the most of your free initial call, which you can book as soon as you finish.',
} as const;
