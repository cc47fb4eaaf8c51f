import type { Kysely } from 'kysely';
import { recordAudit } from '#server/audit/log.ts';
import type { Database } from '#server/db/schema.ts';
import {
  changedFirmFields,
  type FirmDetails,
  firmDetailsSchema,
  firmFieldLabels,
} from '#shared/firm-details.ts';
import { type FirmPictures, loadPictures, loadPicturesStamp } from './stored-pictures.ts';

// The firm's details as stored: one row, and the version every save moves on (migrations/025-firm.ts).

type Db = Kysely<Database>;

/** The firm's details and the pictures it uploaded (`logo`, `hero`), each if it has one. */
export interface StoredFirm extends FirmPictures {
  details: FirmDetails;
  version: number;
  updatedAt: string;
  /** What moves with any change of the details or the pictures: another instance reads them again. */
  stamp: string;
}

/** The firm's details and pictures, or undefined while none are saved (a new site, before its set-up). */
export async function loadFirm(db: Db): Promise<StoredFirm | undefined> {
  const row = await db
    .selectFrom('firm')
    .select(['details', 'version', 'updated_at'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  const { pictures, stamp } = await loadPictures(db);
  return {
    details: firmDetailsSchema.parse(JSON.parse(row.details)),
    version: row.version,
    updatedAt: row.updated_at,
    ...pictures,
    stamp: `${row.version}/${stamp}`,
  };
}

/** The stamp of what is stored now, read in two small queries; undefined before the firm is set up. */
export async function loadFirmStamp(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('firm').select('version').where('id', '=', 1).executeTakeFirst();
  return row && `${row.version}/${await loadPicturesStamp(db)}`;
}

export type SaveResult = { saved: true; version: number } | { saved: false };

/**
 * Saves the firm's details, checked, if what is stored is still the version the editor started from
 * (`basedOn`, null for a site with none yet); else saves nothing, so the second of two people editing at
 * once is told rather than overwriting the first. The audit log names the fields that changed.
 */
export async function saveFirm(
  db: Db,
  details: FirmDetails,
  { basedOn, by, now }: { basedOn: number | null; by: number | null; now: Date },
): Promise<SaveResult> {
  const checked = firmDetailsSchema.parse(details);
  const json = JSON.stringify(checked);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await loadFirm(trx);
    // Saved as it is already: nothing to write, audit or render again, and no version for another
    // editor's save to be refused by.
    if (before && before.version === basedOn && changedFields(before.details, checked).length === 0)
      return { saved: true, version: before.version };
    const version = (basedOn ?? 0) + 1;
    // The version is the condition of the write itself, so two saves from one version cannot both land.
    const written =
      basedOn === null
        ? await trx
            .insertInto('firm')
            .values({ id: 1, details: json, version, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst()
            .then((result) => Number(result.numInsertedOrUpdatedRows ?? 0))
        : await trx
            .updateTable('firm')
            .set({ details: json, version, updated_at: at })
            .where('id', '=', 1)
            .where('version', '=', basedOn)
            .executeTakeFirst()
            .then((result) => Number(result.numUpdatedRows));
    if (written === 0) return { saved: false };
    const fields = changedFields(before?.details, checked);
    await recordAudit(trx, { userId: by, action: 'firm.changed', subject: 'firm', detail: { fields } }, now);
    return { saved: true, version };
  });
}

/** The labels of the fields that differ, in the form's order. */
function changedFields(before: FirmDetails | undefined, after: FirmDetails): string[] {
  return changedFirmFields(before, after).map((key) => firmFieldLabels[key]);
}
