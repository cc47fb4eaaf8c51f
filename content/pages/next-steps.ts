// What a visitor can expect after sending each form, shown beside it with the firm's contact details.
export const nextSteps = {
  contact: {
    eyebrow: 'Get in touch',
    steps: [
      'One of our accountants reads your message.',
      'We reply within {replyPromise}, by phone if you would like to talk it through.',
      'If we are the right fit, we suggest a free initial call.',
    ],
  },
  quote: {
    eyebrow: 'Fixed fees',
    steps: [
      'We look at the years and the work you need covered.',
      'Your written fixed-fee quote arrives within {quotePromise}.',
      'There is no obligation: take your time, and ask us anything.',
    ],
  },
  application: {
    eyebrow: 'Working with us',
    steps: [
      'Answer a few questions about your business: about five minutes.',
      'Choose a time for a free 30-minute video call.',
      'We come to the call having read your answers, with ideas of our own.',
    ],
  },
  newsletter: {
    eyebrow: 'Newsletter',
    steps: [
      'We email you a link to confirm your address.',
      'One short issue arrives each month.',
      'Every issue has a one-click unsubscribe link.',
    ],
  },
  staff: {
    eyebrow: 'Back office',
    steps: [
      'Sign in with the email address your firm registered for you.',
      'Forgotten your password? The link under the form emails you a new one.',
    ],
  },
  newPassword: {
    eyebrow: 'Back office',
    steps: [
      'Choose at least eight characters, with a capital letter and a number, and type it twice.',
      'Then sign in with your email address and the new password.',
      'Each link works once: a reset link for an hour, an invitation for a week. The sign-in page sends a new reset link.',
    ],
  },
} as const;
