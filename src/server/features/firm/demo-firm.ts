import { readFileSync } from 'node:fs';
import type { Db } from '#server/db/database.ts';
import type { DemoLeftover } from '#shared/api/back-office-firm.ts';
import { type FirmDetails, firmDetailsSchema } from '#shared/firm-details.ts';
import { checkLogo } from './marks.ts';
import { loadFirm, type StoredFirm, saveFirm } from './repository.ts';
import { type FirmLogo, savePicture } from './stored-pictures.ts';

// The demo firm, Fenwick & Hale of Shrewsbury, is a seed (seeds/demo-firm/): data a new site can load so
// that it shows a whole firm, never the product's code. Production loads it only when asked
// (`npm run demo:load`); a firm's own details are never replaced by it.

const seedFolder = new URL('../../../../seeds/demo-firm/', import.meta.url);

let seed: FirmDetails | undefined;
let seedLogo: Promise<FirmLogo> | undefined;

/** The demo firm's details, checked as an owner's would be: read from the seed once, when first asked for. */
export const demoFirmDetails = (): FirmDetails => {
  seed ??= Object.freeze(
    firmDetailsSchema.parse(JSON.parse(readFileSync(new URL('details.json', seedFolder), 'utf8'))),
  );
  return seed;
};

/** The demo firm's logo, checked as an upload is: once, when first asked for. */
const demoLogo = (): Promise<FirmLogo> => {
  seedLogo ??= checkLogo(readFileSync(new URL('logo.svg', seedFolder)), 'image/svg+xml');
  return seedLogo;
};

/**
 * What of the demo firm a site still shows after its owner made the details its own: the seed's logo, or
 * its figures, team and reviews (which Firm details does not edit yet). A firm would not go live with
 * Fenwick & Hale's partners on its about page.
 */
export async function demoLeftovers(stored: StoredFirm | undefined): Promise<DemoLeftover[]> {
  if (!stored) return [];
  const seed = demoFirmDetails();
  const leftovers: DemoLeftover[] = [];
  if (stored.logo && stored.logo.key === (await demoLogo()).key) leftovers.push('logo');
  for (const key of ['facts', 'team', 'reviews'] as const) {
    if (stored.details[key].length > 0 && JSON.stringify(stored.details[key]) === JSON.stringify(seed[key]))
      leftovers.push(key);
  }
  return leftovers;
}

/** Removes what `demoLeftovers` finds, audited as an owner's own changes would be. */
export async function clearDemoLeftovers(
  db: Db,
  stored: StoredFirm,
  { by, now }: { by: number; now: Date },
): Promise<void> {
  const leftovers = await demoLeftovers(stored);
  const lists = leftovers.filter((leftover) => leftover !== 'logo');
  if (lists.length > 0) {
    const cleared = { ...stored.details, ...Object.fromEntries(lists.map((key) => [key, []])) };
    await saveFirm(db, cleared, { basedOn: stored.version, by, now });
  }
  if (leftovers.includes('logo')) await savePicture(db, 'logo', null, { by, now });
}

/** Loads the demo firm into a site that has no firm's details yet; says whether it did. */
export async function loadDemoFirm(db: Db, now: Date): Promise<'loaded' | 'kept'> {
  if (await loadFirm(db)) return 'kept';
  const result = await saveFirm(db, demoFirmDetails(), { basedOn: null, by: null, now });
  if (!result.saved) return 'kept';
  await savePicture(db, 'logo', await demoLogo(), { by: null, now });
  return 'loaded';
}
