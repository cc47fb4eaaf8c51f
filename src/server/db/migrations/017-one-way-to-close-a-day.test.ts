import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { loadSettings } from '#server/features/availability/repository.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { databaseMigratedTo } from '#tests/support/migrated-database.ts';
import { migrateToLatest } from '../migrate.ts';

const nineToFive = [{ start: '09:00', end: '17:00' }];
const morning = [{ start: '09:00', end: '12:30' }];

describeEachDatabase('migration 017 on the availability an older version saved', (kind) => {
  const migrated = databaseMigratedTo(kind, '015-staff-roles');
  const saveOld = (settings: object) =>
    sql`insert into booking_settings (id, settings, updated_at)
      values (1, ${JSON.stringify(settings)}, '2026-01-01T09:00:00.000Z')`.execute(migrated.db);

  it('closes each day the old list of days never offered named, even one that had working hours', async () => {
    await saveOld({
      timeZone: 'Europe/London',
      workingHours: {
        monday: nineToFive,
        tuesday: nineToFive,
        wednesday: morning,
        thursday: nineToFive,
        friday: nineToFive,
        saturday: morning,
        sunday: [],
      },
      callMinutes: 45,
      bufferMinutes: 15,
      minimumNoticeHours: 24,
      maxDaysOffered: 30,
      ignoreDays: ['wednesday', 'sunday'],
      pastDateAllowed: false,
    });
    await migrateToLatest(migrated.db);

    const settings = await loadSettings(migrated.db);
    expect(settings.workingHours).toEqual({
      monday: nineToFive,
      tuesday: nineToFive,
      wednesday: [],
      thursday: nineToFive,
      friday: nineToFive,
      saturday: morning,
      sunday: [],
    });
    expect(settings).toMatchObject({ callMinutes: 45, bufferMinutes: 15, maxDaysOffered: 30 });
    expect(settings).not.toHaveProperty('ignoreDays');
  });

  it('closes the weekend when the old settings had no list, as the defaults then did', async () => {
    await saveOld({
      timeZone: 'Europe/London',
      workingHours: {
        ...Object.fromEntries(
          ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
            day,
            morning,
          ]),
        ),
      },
    });
    await migrateToLatest(migrated.db);

    const { workingHours } = await loadSettings(migrated.db);
    expect(workingHours.friday).toEqual(morning);
    expect([workingHours.saturday, workingHours.sunday]).toEqual([[], []]);
  });

  it('leaves a database without saved settings on the defaults', async () => {
    await migrateToLatest(migrated.db);
    expect((await loadSettings(migrated.db)).workingHours.saturday).toEqual([]);
  });
});
