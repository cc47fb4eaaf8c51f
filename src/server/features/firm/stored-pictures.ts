import type { Kysely } from 'kysely';
import { recordAudit } from '#server/audit/log.ts';
import type { Database, FirmPictureTable } from '#server/db/schema.ts';
import { type LogoType, maxBadges } from '#shared/firm-pictures.ts';

// The pictures a firm uploaded, as stored (migrations/027-firm-pictures.ts): the logo as one row, the home
// page's picture as one row for each size of it. Both are read with the firm's details, into memory.

type Db = Kysely<Database>;
type FirmPictureKind = FirmPictureTable['kind'];

/** A logo as stored: the SVG made safe, or the PNG as uploaded and checked. */
export interface FirmLogo {
  contentType: LogoType;
  bytes: Buffer;
  /** Its content hash: the logo's address carries it, so a browser keeps each logo as long as it lasts. */
  key: string;
  width: number;
  height: number;
}

/** One size of the home page's picture, as its address names it. */
export interface HeroFile {
  name: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/** The home page's picture: its sizes, and what it shows (empty when it only decorates). */
export interface FirmHero {
  key: string;
  alt: string;
  files: HeroFile[];
}

/** A badge of one of the firm's accreditations: a mark, and what it says. */
export interface FirmBadge extends FirmLogo {
  alt: string;
}

export interface FirmPictures {
  logo?: FirmLogo;
  hero?: FirmHero;
  /** In the order they were added. */
  badges?: FirmBadge[];
}

/**
 * The pictures stored now, and their stamp. The rows come in the order they were stored: badges as they
 * were added, and a photo's sizes (stored together) from the narrowest.
 */
export async function loadPictures(db: Db): Promise<{ pictures: FirmPictures; stamp: string }> {
  const rows = await db
    .selectFrom('firm_pictures')
    .select(['name', 'kind', 'content_type', 'key', 'width', 'height', 'alt', 'bytes'])
    .orderBy('updated_at')
    .orderBy('width')
    .execute();
  const logo = rows.find((row) => row.kind === 'logo');
  const hero = rows.filter((row) => row.kind === 'hero');
  const badges = rows.filter((row) => row.kind === 'badge');
  const pictures: FirmPictures = {
    ...(logo && {
      logo: {
        contentType: logo.content_type as LogoType,
        bytes: Buffer.from(logo.bytes),
        key: logo.key,
        width: logo.width,
        height: logo.height,
      },
    }),
    ...(hero[0] && {
      hero: {
        key: hero[0].key,
        alt: hero[0].alt,
        files: hero.map((row) => ({
          name: row.name,
          contentType: row.content_type,
          width: row.width,
          height: row.height,
          bytes: Buffer.from(row.bytes),
        })),
      },
    }),
    ...(badges.length > 0 && {
      badges: badges.map((row) => ({
        contentType: row.content_type as LogoType,
        bytes: Buffer.from(row.bytes),
        key: row.key,
        width: row.width,
        height: row.height,
        alt: row.alt,
      })),
    }),
  };
  return { pictures, stamp: stampOf(rows) };
}

/** The stamp of the pictures stored now, read in one small query rather than with their bytes. */
export async function loadPicturesStamp(db: Db): Promise<string> {
  return stampOf(await db.selectFrom('firm_pictures').select(['kind', 'key']).distinct().execute());
}

/**
 * The content hashes of the pictures, as one word that moves with any change of them: another instance
 * reads them again when it does. In any order of the rows, as the two queries above need not agree.
 */
function stampOf(rows: { kind: string; key: string }[]): string {
  const keys = (kind: FirmPictureKind) =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => row.key)
      .filter((key, at, all) => all.indexOf(key) === at)
      .sort()
      .join(',');
  return `${keys('logo')}/${keys('hero')}/${keys('badge')}`;
}

/**
 * Adds a badge, unless the firm has none of its details yet (`no-firm`), already shows as many as it may
 * (`full`) or shows this one already (`duplicate`); audited.
 */
export async function addBadge(
  db: Db,
  badge: FirmBadge,
  { by, now }: { by: number; now: Date },
): Promise<'added' | 'duplicate' | 'full' | 'no-firm'> {
  return db.transaction().execute(async (trx) => {
    const firm = await trx.selectFrom('firm').select('id').where('id', '=', 1).executeTakeFirst();
    if (!firm) return 'no-firm';
    const shown = await trx.selectFrom('firm_pictures').select('key').where('kind', '=', 'badge').execute();
    if (shown.some((row) => row.key === badge.key)) return 'duplicate';
    if (shown.length >= maxBadges) return 'full';
    await trx
      .insertInto('firm_pictures')
      .values({
        name: `badge-${badge.key}`,
        kind: 'badge',
        content_type: badge.contentType,
        key: badge.key,
        width: badge.width,
        height: badge.height,
        alt: badge.alt,
        bytes: badge.bytes,
        updated_at: now.toISOString(),
      })
      .execute();
    await recordAudit(trx, { userId: by, action: 'firm.badge-added', subject: badge.alt }, now);
    return 'added';
  });
}

/** Removes the badge of `key`, audited; false when the firm shows no such badge. */
export async function removeBadge(
  db: Db,
  key: string,
  { by, now }: { by: number; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('firm_pictures')
      .where('kind', '=', 'badge')
      .where('key', '=', key)
      .returning('alt')
      .executeTakeFirst();
    if (!removed) return false;
    await recordAudit(trx, { userId: by, action: 'firm.badge-removed', subject: removed.alt }, now);
    return true;
  });
}

/**
 * Replaces the picture of one kind with `picture` (null removes it), and audits who did. Refuses (false)
 * on a site whose details are not saved yet: a picture belongs to a firm.
 */
export async function savePicture(
  db: Db,
  kind: 'logo' | 'hero',
  picture: FirmLogo | FirmHero | null,
  { by, now }: { by: number | null; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const firm = await trx.selectFrom('firm').select('id').where('id', '=', 1).executeTakeFirst();
    if (!firm) return false;
    await trx.deleteFrom('firm_pictures').where('kind', '=', kind).execute();
    const updated_at = now.toISOString();
    const rows =
      picture === null
        ? []
        : 'files' in picture
          ? picture.files.map((file) => ({
              name: file.name,
              kind,
              content_type: file.contentType,
              key: picture.key,
              width: file.width,
              height: file.height,
              alt: picture.alt,
              bytes: file.bytes,
              updated_at,
            }))
          : [
              {
                name: 'logo',
                kind,
                content_type: picture.contentType,
                key: picture.key,
                width: picture.width,
                height: picture.height,
                bytes: picture.bytes,
                updated_at,
              },
            ];
    // One at a time: a picture's sizes together can pass what one statement may carry.
    for (const row of rows) await trx.insertInto('firm_pictures').values(row).execute();
    const action = `firm.${kind}-${picture ? 'changed' : 'removed'}` as const;
    await recordAudit(trx, { userId: by, action, subject: 'firm' }, now);
    return true;
  });
}
