import { storageKeys } from '#shared/storage-keys.ts';
import { utmParameters, type VisitSource, visitSourceLimits } from '#shared/visit-source.ts';
import { sessionStore } from './storage.ts';

// Where the visitor came from (decision 028): the visit's first page (its path and UTM parameters, no
// other query parameter) and the page on another site that linked to it. Kept in session storage only,
// for as long as the tab is open: no cookie, nothing sent anywhere until the visitor sends a form.

/** Notes the first page of the visit and who linked to it; later pages of the visit change nothing. */
export function keepVisitSource() {
  if (sessionStore.get(storageKeys.visitSource) !== null) return;
  const here = new URL(window.location.href);
  const utm = new URLSearchParams();
  for (const name of utmParameters) {
    const value = here.searchParams.get(name);
    if (value) utm.set(name, value);
  }
  const query = utm.toString();
  const landingPage = `${here.pathname}${query ? `?${query}` : ''}`.slice(0, visitSourceLimits.landingPage);
  let referrer = '';
  try {
    const from = new URL(document.referrer);
    if (from.host !== here.host) referrer = from.origin;
  } catch {
    // No referrer, or none a URL can read: the visit came direct.
  }
  sessionStore.set(storageKeys.visitSource, JSON.stringify({ landingPage, referrer }));
}

/** The fields a lead form sends along: the visit's first page and referrer, when the tab kept them. */
export function visitSource(): VisitSource {
  try {
    const kept = JSON.parse(sessionStore.get(storageKeys.visitSource) ?? '{}') as Record<string, unknown>;
    const text = (value: unknown, limit: number) =>
      typeof value === 'string' && value.length <= limit ? value : undefined;
    return {
      landingPage: text(kept.landingPage, visitSourceLimits.landingPage),
      referrer: text(kept.referrer, visitSourceLimits.referrer),
    };
  } catch {
    return {};
  }
}
