// Browser-storage keys (docs/behaviour/timings-and-limits.md#timings-and-limits leaves their names to us). Changing one forgets what visitors stored.
export const storageKeys = {
  /** Local storage. */
  cookieConsentDismissed: 'practice-site.cookie-consent-dismissed',
  /** Local storage. */
  rememberedLoginEmail: 'practice-site.login-email',
  /** Session storage: the questionnaire's answers while the visitor is still filling it in. */
  applicationAnswers: 'practice-site.application-answers',
  /**
   * Session storage: what a member of staff typed in a back-office form and has not saved, followed by
   * `:<their email>:<form>`, so that nobody else signing in on the same tab is shown it.
   */
  draft: 'practice-site.draft',
  /** Session storage: the visit's first page and the site that linked to it, sent with a lead form. */
  visitSource: 'practice-site.visit-source',
  /** Session storage: note drafts as first kept, by lead alone; forgotten when anyone signs in. */
  unownedNoteDraft: 'practice-site.note-draft',
} as const;
