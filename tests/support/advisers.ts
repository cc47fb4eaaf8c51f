import type { Db } from '#server/db/database.ts';
import { insertAdviser } from '#server/features/advisers/index.ts';
import type { AdviserOverrides } from '#shared/advisers.ts';
import { defaultAvailabilitySettings } from '#shared/booking-settings.ts';

/** A member of staff made an adviser straight in the database, with any settings of their own. */
export async function addAdviserTo(
  db: Db,
  email: string,
  displayName: string,
  overrides: AdviserOverrides = {},
): Promise<number> {
  const at = new Date();
  const { id: userId } = await db
    .insertInto('users')
    .values({ email, password_hash: null, status: 'active', role: 'staff', created_at: at.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = await db
    .transaction()
    .execute((trx) => insertAdviser(trx, { userId, displayName, introduction: '' }, at));
  if (Object.keys(overrides).length > 0) {
    await db
      .updateTable('advisers')
      .set({ overrides: JSON.stringify(overrides) })
      .where('id', '=', id)
      .execute();
  }
  return id;
}

/** Working hours of the firm's weekdays, Monday to Friday, between two times (none at weekends). */
export function weekdayHours(start: string, end: string): NonNullable<AdviserOverrides['workingHours']> {
  const hours = [{ start, end }];
  return {
    ...defaultAvailabilitySettings.workingHours,
    monday: hours,
    tuesday: hours,
    wednesday: hours,
    thursday: hours,
    friday: hours,
  };
}
