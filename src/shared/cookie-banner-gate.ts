import { storageKeys } from './storage-keys.ts';

/**
 * The one inline script of every page, run in <head> before anything is painted: it marks <html> when
 * this browser has stored a cookie-banner dismissal, so that the banner (in the prerendered page, and so
 * in place at first paint for a visitor who has not chosen) is never drawn, not even for a moment, for
 * one who has. The Content-Security-Policy allows this exact text by its hash, and nothing else inline.
 */
export const cookieBannerGateScript = `try{if(localStorage.getItem(${JSON.stringify(storageKeys.cookieConsentDismissed)})!==null)document.documentElement.setAttribute("data-cookies-dismissed","")}catch(e){}`;
