// Texts more than one feature shows.

/** SPEC §8: a book-call or small sign-up request that failed; the questionnaire says the same. */
export const connectionProblem = 'There was a connection problem. Please try again.';
