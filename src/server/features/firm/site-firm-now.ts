import type { FirmDetails } from '#shared/firm-details.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { demoFirmDetails } from './demo-firm.ts';
import type { LiveFirm } from './live-firm.ts';
import { siteFirmOf } from './site-firm-of.ts';

/**
 * The firm the site shows now. Until a site without a firm gets its own "being set up" page (the first
 * run of docs/decisions/022-the-firm-is-data.md, not built yet), it shows the demo firm's seed.
 */
export function siteFirmNow(live: LiveFirm): SiteFirm {
  const details = firmDetailsNow(live);
  let firm = shown.get(details);
  if (!firm) {
    firm = siteFirmOf(details);
    shown.set(details, firm);
  }
  return firm;
}

// Each version of the details is one object (LiveFirm reads it once), so its SiteFirm is made once, not
// at every email, page render or reference that asks.
const shown = new WeakMap<FirmDetails, SiteFirm>();

/** The details behind `siteFirmNow`, with those only the server uses (the sender name, notices' address). */
export const firmDetailsNow = (live: LiveFirm): FirmDetails => live.current?.details ?? demoFirmDetails();
