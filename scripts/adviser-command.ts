// What `npm run adviser:…` does (scripts/adviser.ts runs it as its own process).

import { parseArgs } from 'node:util';
import pino from 'pino';
import { AdviserRefusal, createAdviserService } from '#server/features/advisers/index.ts';
import { createCalendarSync, type SyncOutcome } from '#server/features/calendars/index.ts';
import { systemClock } from '#server/time/clock.ts';
import { emailAddressProblem } from '#shared/email.ts';
import { type CommandIo, runOnDatabase, UsageError } from './command.ts';

const usage =
  'Use: npm run adviser:add -- EMAIL --name "NAME" [--introduction "…"] | npm run adviser:calendar -- EMAIL (--caldav URL --username U --password P | --ics URL | --none) | npm run adviser:list';

function readArgs(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        introduction: { type: 'string' },
        caldav: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        ics: { type: 'string' },
        none: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage}`);
  }
}

/** "5 minutes ago", for the last read of a calendar. */
function ago(iso: string | null, now: Date): string {
  if (!iso) return 'never';
  const minutes = Math.round((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  return new Date(iso).toISOString().replace('T', ' ').slice(0, 16).concat(' UTC');
}

/** How the first read of a calendar just connected went, in a sentence. */
function readWords(outcome: SyncOutcome, syncMinutes: number): string {
  switch (outcome.status) {
    case 'read':
      return `Read it: ${outcome.busy} busy time${outcome.busy === 1 ? '' : 's'} in the days offered.`;
    case 'unchanged':
      return 'Read it: unchanged since the last read.';
    case 'failed':
      return `It could not be read: ${outcome.error}. Their times are not offered until a read succeeds; it is tried again every ${syncMinutes} minute${syncMinutes === 1 ? '' : 's'}.`;
    case 'skipped':
      return 'The running site is reading it now: npm run adviser:list shows how that went.';
  }
}

/** The adviser commands on the database `io.env` names: their exit code. */
export const adviserCommand = (io: CommandIo) =>
  runOnDatabase(
    io,
    async (db, config) => {
      const { positionals, values } = readArgs(io.args);
      const [command, email = ''] = positionals;
      const advisers = createAdviserService({
        db,
        calendarSecretKey: config.calendars.secretKey,
        staleMinutes: config.calendars.staleMinutes,
        refusePrivateCalendarHosts: config.nodeEnv === 'production',
        now: systemClock,
      });
      if (command === 'list') {
        const all = await advisers.list();
        if (all.length === 0) {
          io.print('No advisers yet. Add one with: npm run adviser:add -- EMAIL --name "NAME"');
          return;
        }
        const now = systemClock();
        io.print(['email', 'name', 'active', 'calendar', 'last read', 'last error'].join('\t'));
        for (const adviser of all) {
          const { calendar } = adviser;
          io.print(
            [
              adviser.email,
              adviser.displayName,
              adviser.accountDisabled
                ? 'inactive (staff account disabled)'
                : adviser.active
                  ? 'active'
                  : 'inactive',
              calendar ? `${calendar.kind === 'caldav' ? 'CalDAV' : 'ICS feed'} ${calendar.host}` : 'none',
              calendar
                ? `${ago(calendar.lastReadAt, now)}${calendar.stale ? ' (not offering times)' : ''}`
                : '-',
              calendar?.lastError ?? '-',
            ].join('\t'),
          );
        }
        return;
      }
      const problem = emailAddressProblem(email);
      if (problem) throw new UsageError(`${problem}: ${usage}`);
      if (command === 'add') {
        if (!values.name)
          throw new UsageError(`Give the name visitors see: npm run adviser:add -- ${email} --name "NAME"`);
        await advisers.add(null, email, {
          displayName: values.name,
          introduction: values.introduction ?? '',
        });
        io.print(`${email} is now an adviser, shown as ${values.name.trim()}, and is offered for calls.`);
      } else if (command === 'calendar') {
        const chosen = [values.caldav, values.ics, values.none].filter((value) => value !== undefined);
        if (chosen.length !== 1)
          throw new UsageError(`Give one of --caldav URL, --ics URL or --none.\n${usage}`);
        const id = await advisers.idOf(email);
        if (values.none) {
          await advisers.disconnect(null, id);
          io.print(`Disconnected ${email}'s calendar and forgot its busy times.`);
          return;
        }
        const source =
          values.caldav !== undefined
            ? {
                kind: 'caldav' as const,
                url: values.caldav,
                username: values.username ?? '',
                password: values.password ?? '',
              }
            : { kind: 'ics' as const, url: values.ics ?? '' };
        await advisers.connect(null, id, source);
        const host = (await advisers.list()).find((adviser) => adviser.id === id)?.calendar?.host;
        io.print(
          `Connected ${email}'s ${source.kind === 'caldav' ? 'CalDAV calendar' : 'ICS feed'} on ${host}.`,
        );
        // Connecting needed the key, so it is set. Only our own words are printed: never the address.
        const { syncMinutes } = config.calendars;
        const sync = createCalendarSync({
          db,
          log: pino({ level: 'silent' }),
          secretKey: config.calendars.secretKey ?? '',
          syncMinutes,
          now: systemClock,
        });
        io.print(readWords(await sync.syncNow(id), syncMinutes));
      } else {
        throw new UsageError(usage);
      }
    },
    [AdviserRefusal],
  );
