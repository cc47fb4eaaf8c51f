// Texts more than one feature shows.

/** docs/behaviour/errors-and-messages.md#how-the-pages-show-answers: a book-call or small sign-up request that failed; the questionnaire says the same. */
export const connectionProblem = 'There was a connection problem. Please try again.';
