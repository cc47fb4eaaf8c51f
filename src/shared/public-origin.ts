/**
 * Prerendered pages are built before the site's address is known; they carry this token where the
 * absolute origin belongs (canonical links), and the server replaces it once at start with PUBLIC_URL.
 */
export const publicOriginToken = '%PUBLIC_ORIGIN%';
