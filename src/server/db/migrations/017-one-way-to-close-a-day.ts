import { type Kysely, sql } from 'kysely';

// A weekday used to be closable two ways: by giving it no working hours, or by listing it among the days
// the calendar never offers (ignoreDays). Now a day without hours is the one way, and the public
// calendar's list of closed weekdays is worked out from the hours. So each day the stored settings
// listed is given no hours (it offered no calls before, and offers none after), and the list is dropped.
// The values are written out here rather than imported, so this migration does the same whatever the
// code's defaults become later.

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** What applied when the stored settings had no list or no hours of their own: the defaults of the time. */
const defaultIgnoreDays = ['saturday', 'sunday'];
const officeHours = [{ start: '09:00', end: '17:00' }];
const defaultWorkingHours: Record<string, unknown[]> = {
  monday: officeHours,
  tuesday: officeHours,
  wednesday: officeHours,
  thursday: officeHours,
  friday: officeHours,
  saturday: [],
  sunday: [],
};

export async function up(db: Kysely<unknown>) {
  const { rows } = await sql<{
    settings: string;
  }>`select settings from booking_settings where id = 1`.execute(db);
  const row = rows[0];
  if (!row) return;
  const { ignoreDays, ...settings } = JSON.parse(row.settings) as Record<string, unknown>;
  const ignored = (Array.isArray(ignoreDays) ? ignoreDays : defaultIgnoreDays).map((day) =>
    String(day).trim().toLowerCase(),
  );
  const workingHours = {
    ...defaultWorkingHours,
    ...(settings.workingHours as Record<string, unknown[]> | undefined),
  };
  for (const day of weekdays) if (ignored.includes(day)) workingHours[day] = [];
  const saved = JSON.stringify({ ...settings, workingHours });
  await sql`update booking_settings set settings = ${saved} where id = 1`.execute(db);
}
