import { readFileSync } from 'node:fs';
import type { Db } from '#server/db/database.ts';
import { type FirmDetails, firmDetailsSchema } from '#shared/firm-details.ts';
import { checkLogo } from './marks.ts';
import { loadFirm, saveFirm } from './repository.ts';
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

/** Loads the demo firm into a site that has no firm's details yet; says whether it did. */
export async function loadDemoFirm(db: Db, now: Date): Promise<'loaded' | 'kept'> {
  if (await loadFirm(db)) return 'kept';
  const result = await saveFirm(db, demoFirmDetails(), { basedOn: null, by: null, now });
  if (!result.saved) return 'kept';
  await savePicture(db, 'logo', await demoLogo(), { by: null, now });
  return 'loaded';
}
