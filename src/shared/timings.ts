// Timings and limits from docs/behaviour/timings-and-limits.md#timings-and-limits, used by the browser and asserted by the tests.
export const cookieBannerCheckDelayMs = 2000;
export const modalCloseDelayMs = 2000;
export const successMessageMs = 3000;
export const errorMessageMs = 2000;
/** docs/behaviour/applications.md#arrange-an-initial-chat: the application screen closes the booking modal this long after the call is booked. */
export const bookedModalCloseMs = 3000;

/** Above this scroll offset the header is no longer at the top… */
export const headerLeaveTopAbovePx = 10;
/** …and it is at the top again only below this one, so it does not flicker in between. */
export const headerReturnTopBelowPx = 4;

/** docs/behaviour/site-and-pages.md#vat-de-minimis-explainer: the VAT explainer's connector lines change their layout at this width… */
export const connectorBreakpointPx = 768;
/** …and start drawing one after another, the first this long after they appear… */
export const connectorFirstDelayMs = 1500;
/** …and the last this long after. */
export const connectorLastDelayMs = 5500;
