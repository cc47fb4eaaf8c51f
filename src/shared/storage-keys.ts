// Local-storage keys (SPEC §9 leaves their names to us). Changing one forgets what visitors stored.
export const storageKeys = {
  cookieConsentDismissed: 'practice-site.cookie-consent-dismissed',
  rememberedLoginEmail: 'practice-site.login-email',
} as const;
