import { type FormEvent, useMemo, useState } from 'react';
import { DatePicker } from '#client/features/calendar/DatePicker.tsx';
import { call, problemsOf } from '#client/lib/api-client.ts';
import { FieldError } from '#client/lib/FieldError.tsx';
import {
  type BlockedDate,
  blockDate,
  readAvailability,
  saveAvailability,
  unblockDate,
  unblockTime,
} from '#shared/api/back-office-settings.ts';
import { settingLabels } from '#shared/availability-words.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import type { AvailabilitySettings } from '#shared/booking-settings.ts';
import type { CalendarSettings } from '#shared/calendar.ts';
import { draftRestoredMessage, useDraft, useKeptValue } from './drafts.ts';
import { Feedback } from './Feedback.tsx';
import { longDay } from './format.ts';
import { NotLoaded } from './NotLoaded.tsx';
import { timeZoneOptions } from './time-zones.ts';
import { useEndpoint } from './useEndpoint.ts';
import { WorkingHours } from './WorkingHours.tsx';
import { inWeekOrder } from './working-hours.ts';

/** A date to block: today or later, any weekday. */
const fromToday: CalendarSettings = { pastDateAllowed: false, maxDaysOffered: 0, ignoreDays: [] };

/** The calendar's availability; the public calendar reads it on every request, so saving shows at once. */
export function AvailabilityEditor() {
  // What is typed is kept as a draft until saved: the settings as a whole, and the date being blocked.
  const settingsDraft = useDraft<AvailabilitySettings>('availability');
  const [kept] = useState(() => settingsDraft.read());
  // The settings and blocked dates as the server has them, each action's answer shown in their place.
  const stored = useEndpoint(readAvailability, {});
  const saved = stored.data?.settings ?? null;
  const blocked = stored.data?.blockedDates ?? [];
  // The settings as the form holds them: as changed here, else as kept from before, else as saved.
  const [changed, setChanged] = useState<AvailabilitySettings | null>(null);
  const settings = changed ?? (saved && (kept ?? saved));
  const [dayToBlock, setDayToBlock, dayRestored, clearDayToBlock] = useKeptValue('blocked-date:date', '');
  // The last day of a range to block (empty: the one day).
  const [lastDayToBlock, setLastDayToBlock, , clearLastDayToBlock] = useKeptValue('blocked-date:until', '');
  const [reason, setReason, reasonRestored, clearReason] = useKeptValue('blocked-date:reason', '');
  // For part of a day only: when the block starts and ends (both empty: the whole day).
  const [blockFrom, setBlockFrom] = useState('');
  const [blockTo, setBlockTo] = useState('');
  // What the date field says about a typed date it could not take (unreadable, or already past).
  const [dayToBlockProblem, setDayToBlockProblem] = useState<string | null>(null);
  // The form shows only once the settings have loaded, and says then what it brought back.
  const [status, setStatus] = useState(kept || dayRestored || reasonRestored ? draftRestoredMessage : '');
  const [problems, setProblems] = useState<string[]>([]);

  const setSettings = (next: AvailabilitySettings) => {
    setChanged(next);
    if (saved) settingsDraft.keep(next, saved);
  };
  const setBlocked = (blockedDates: typeof blocked) =>
    stored.setData((data) => data && { ...data, blockedDates });

  const run = async (action: () => Promise<string>) => {
    setProblems([]);
    setStatus('');
    try {
      setStatus(await action());
    } catch (error) {
      setProblems(inWeekOrder(problemsOf(error)));
    }
  };

  const timeZones = useMemo(
    () => timeZoneOptions(settings?.timeZone ?? 'Europe/London', new Date()),
    [settings?.timeZone],
  );

  if (!settings) return <NotLoaded problem={stored.problems?.[0]} />;

  /** The server's refusals about one setting, which name it first ("Call length: …"). */
  const problemAbout = (label: string) =>
    problems.filter((problem) => problem.startsWith(`${label.replace(/ \(.*\)$/, '')}:`)).join(' ');

  const number = (name: keyof typeof settingLabels) => {
    const problem = problemAbout(settingLabels[name]);
    return (
      <div className="bo-field">
        <label>
          {settingLabels[name]}
          <input
            type="number"
            min={0}
            required
            value={String(settings[name])}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${name}-error` : undefined}
            onChange={(event) => setSettings({ ...settings, [name]: Number(event.target.value) })}
          />
        </label>
        <FieldError id={`${name}-error`} error={problem} />
      </div>
    );
  };
  const timeZoneProblem = problemAbout('Time zone');

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await call(saveAvailability, { body: settings });
      stored.setData((data) => data && { ...data, settings });
      settingsDraft.forget();
      return answer.infoMessages.join(' ');
    });
  };

  const block = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field keeps no date while what was typed cannot be read or has passed: say so here too,
    // rather than send nothing and be told the date is missing.
    if (!dayToBlock) {
      setStatus('');
      setProblems([dayToBlockProblem ?? backOfficeMessages.blockedDate]);
      return;
    }
    const form = new FormData(event.currentTarget);
    const date = String(form.get('date'));
    const until = String(form.get('until') ?? '') || undefined;
    // Either time alone is sent as it is, for the server to say both are needed.
    const [from, to] = [blockFrom || undefined, blockTo || undefined];
    void run(async () => {
      const answer = await call(blockDate, {
        body: { date, reason, ...(until && { until }), ...(from && { from }), ...(to && { to }) },
      });
      setBlocked(answer.blockedDates);
      clearDayToBlock();
      clearLastDayToBlock();
      clearReason();
      setBlockFrom('');
      setBlockTo('');
      const days = until && until !== date ? `${longDay(date)} to ${longDay(until)}` : longDay(date);
      return `Blocked ${days}${from && to ? `, ${from} to ${to}` : ''}.`;
    });
  };

  const unblock = ({ date, hours }: BlockedDate) =>
    run(async () => {
      const answer = hours
        ? await call(unblockTime, { params: { id: String(hours.id) } })
        : await call(unblockDate, { params: { date } });
      setBlocked(answer.blockedDates);
      return `${blockedWhen({ date, hours })} is open again.`;
    });

  return (
    <section aria-labelledby="availability-title">
      <h1 id="availability-title">Availability</h1>
      <Feedback status={status} problems={problems} />
      <form className="bo-settings" onSubmit={save}>
        <WorkingHours
          hours={settings.workingHours}
          onChange={(workingHours) => setSettings({ ...settings, workingHours })}
          problems={problems}
        />
        <fieldset>
          <legend>Calls</legend>
          {number('callMinutes')}
          {number('bufferMinutes')}
          {number('minimumNoticeHours')}
          {number('maxDaysOffered')}
          <div className="bo-field bo-field--wide">
            <label>
              Time zone
              <select
                value={settings.timeZone}
                aria-invalid={timeZoneProblem ? true : undefined}
                aria-describedby={timeZoneProblem ? 'time-zone-error' : undefined}
                onChange={(event) => setSettings({ ...settings, timeZone: event.target.value })}
              >
                <optgroup label="Most likely">
                  {timeZones.likely.map((zone) => (
                    <option key={zone.value} value={zone.value}>
                      {zone.label}
                    </option>
                  ))}
                </optgroup>
                <optgroup label="Every time zone, by city">
                  {timeZones.others.map((zone) => (
                    <option key={zone.value} value={zone.value}>
                      {zone.label}
                    </option>
                  ))}
                </optgroup>
              </select>
            </label>
            <FieldError id="time-zone-error" error={timeZoneProblem} />
          </div>
        </fieldset>
        <button type="submit" className="button">
          Save availability
        </button>
      </form>

      <h2>Blocked dates</h2>
      {blocked.length === 0 ? (
        <p>No dates blocked.</p>
      ) : (
        <ul className="bo-blocked">
          {blocked.map((entry) => (
            <li key={`${entry.date} ${entry.hours?.id ?? 'day'}`}>
              {blockedWhen(entry)}
              {entry.reason && ` (${entry.reason})`}{' '}
              <button type="button" className="button button--secondary" onClick={() => unblock(entry)}>
                Unblock<span className="visually-hidden"> {blockedWhen(entry)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="bo-inline-form" onSubmit={block}>
        <DatePicker
          label="Date to block"
          name="date"
          required
          value={dayToBlock}
          onChange={setDayToBlock}
          settings={fromToday}
          onTypingError={setDayToBlockProblem}
        />
        <DatePicker
          label="Until (optional, for several days)"
          name="until"
          value={lastDayToBlock}
          onChange={setLastDayToBlock}
          settings={fromToday}
        />
        <label>
          From (optional, for part of the day)
          <input type="time" value={blockFrom} onChange={(event) => setBlockFrom(event.target.value)} />
        </label>
        <label>
          To
          <input type="time" value={blockTo} onChange={(event) => setBlockTo(event.target.value)} />
        </label>
        <label>
          Reason (optional)
          <input
            name="reason"
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <button type="submit" className="button">
          Block date
        </button>
      </form>
    </section>
  );
}

/** "Monday 6 January 2031", or "Monday 6 January 2031, 09:00 to 12:30" for part of it. */
function blockedWhen({ date, hours }: Pick<BlockedDate, 'date' | 'hours'>) {
  return hours ? `${longDay(date)}, ${hours.from} to ${hours.to}` : longDay(date);
}
