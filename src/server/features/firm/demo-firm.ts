import { readFileSync } from 'node:fs';
import type { Db } from '#server/db/database.ts';
import { type FirmDetails, firmDetailsSchema } from '#shared/firm-details.ts';
import { loadFirm, saveFirm } from './repository.ts';

// The demo firm, Fenwick & Hale of Shrewsbury, is a seed (seeds/demo-firm/): data a new site can load so
// that it shows a whole firm, never the product's code. Production loads it only when asked
// (`npm run demo:load`); a firm's own details are never replaced by it.

const seedFile = new URL('../../../../seeds/demo-firm/details.json', import.meta.url);

let seed: FirmDetails | undefined;

/** The demo firm's details, checked as an owner's would be: read from the seed once, when first asked for. */
export const demoFirmDetails = (): FirmDetails => {
  seed ??= Object.freeze(firmDetailsSchema.parse(JSON.parse(readFileSync(seedFile, 'utf8'))));
  return seed;
};

/** Loads the demo firm into a site that has no firm's details yet; says whether it did. */
export async function loadDemoFirm(db: Db, now: Date): Promise<'loaded' | 'kept'> {
  if (await loadFirm(db)) return 'kept';
  const result = await saveFirm(db, demoFirmDetails(), { basedOn: null, by: null, now });
  return result.saved ? 'loaded' : 'kept';
}
