import type { FirmDetails } from '#shared/firm-details.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { demoFirmDetails } from './demo-firm.ts';
import type { LiveFirm } from './live-firm.ts';
import { siteFirmOf } from './site-firm-of.ts';

/**
 * The firm the site shows now. Until a site without a firm gets its own "being set up" page (the first
 * run of docs/decisions/022-the-firm-is-data.md, not built yet), it shows the demo firm's seed.
 */
export const siteFirmNow = (live: LiveFirm): SiteFirm => siteFirmOf(firmDetailsNow(live));

/** The details behind `siteFirmNow`, with those only the server uses (the sender name, notices' address). */
export const firmDetailsNow = (live: LiveFirm): FirmDetails => live.current?.details ?? demoFirmDetails();
