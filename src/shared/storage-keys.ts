// Browser-storage keys (docs/behaviour.md#timings-and-limits leaves their names to us). Changing one forgets what visitors stored.
export const storageKeys = {
  /** Local storage. */
  cookieConsentDismissed: 'practice-site.cookie-consent-dismissed',
  /** Local storage. */
  rememberedLoginEmail: 'practice-site.login-email',
  /** Session storage: the questionnaire's answers while the visitor is still filling it in. */
  applicationAnswers: 'practice-site.application-answers',
  /** Session storage: a note being written on a lead's page, followed by `:<kind>/<reference>`. */
  noteDraft: 'practice-site.note-draft',
} as const;
