import { readFileSync } from 'node:fs';
import type { Db } from '#server/db/database.ts';
import { addBuiltInPages } from '#server/features/pages/index.ts';
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

/** The demo firm's people as its pages show them, which the pages feature finds and takes out. */
export interface DemoPeople {
  shown(): Promise<('team' | 'reviews')[]>;
  remove(by: number): Promise<void>;
}

/**
 * What of the demo firm a site still shows after its owner made the details its own: the seed's logo, its
 * figures (which Firm details does not edit yet), or its people on the pages. A firm would not go live
 * with Fenwick & Hale's partners on its about page.
 */
export async function demoLeftovers(
  stored: StoredFirm | undefined,
  people: DemoPeople,
): Promise<DemoLeftover[]> {
  if (!stored) return [];
  const leftovers: DemoLeftover[] = [];
  if (stored.logo && stored.logo.key === (await demoLogo()).key) leftovers.push('logo');
  const { facts } = stored.details;
  if (facts.length > 0 && JSON.stringify(facts) === JSON.stringify(demoFirmDetails().facts))
    leftovers.push('facts');
  return [...leftovers, ...(await people.shown())];
}

/** Removes what `demoLeftovers` finds, audited as an owner's own changes would be. */
export async function clearDemoLeftovers(
  db: Db,
  stored: StoredFirm,
  people: DemoPeople,
  { by, now }: { by: number; now: Date },
): Promise<void> {
  const leftovers = await demoLeftovers(stored, people);
  if (leftovers.includes('facts'))
    await saveFirm(db, { ...stored.details, facts: [] }, { basedOn: stored.version, by, now });
  if (leftovers.includes('logo')) await savePicture(db, 'logo', null, { by, now });
  if (leftovers.includes('team') || leftovers.includes('reviews')) await people.remove(by);
}

/** Loads the demo firm into a site that has no firm's details yet; says whether it did. */
export async function loadDemoFirm(db: Db, now: Date): Promise<'loaded' | 'kept'> {
  if (await loadFirm(db)) return 'kept';
  const result = await saveFirm(db, demoFirmDetails(), { basedOn: null, by: null, now });
  if (!result.saved) return 'kept';
  await savePicture(db, 'logo', await demoLogo(), { by: null, now });
  await addBuiltInPages(db, now, { demo: true });
  return 'loaded';
}
