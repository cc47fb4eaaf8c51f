import { type FormEvent, useEffect, useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import {
  type BlockedDate,
  blockDate,
  readAvailability,
  saveAvailability,
  unblockDate,
} from '#shared/api/back-office-settings.ts';
import { settingLabels } from '#shared/availability-words.ts';
import type { AvailabilitySettings } from '#shared/booking-settings.ts';
import { weekdayNames } from '#shared/calendar.ts';
import { Feedback } from './Feedback.tsx';
import { longDay } from './format.ts';

type Weekday = (typeof weekdayNames)[number];

const capitalised = (day: string) => day[0]?.toUpperCase() + day.slice(1);
/** "09:00-12:30, 13:30-17:00" and back: several periods a day fit in one box. */
const hoursText = (ranges: { start: string; end: string }[]) =>
  ranges.map((range) => `${range.start}-${range.end}`).join(', ');
const hoursFrom = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [start = '', end = ''] = part.split('-').map((time) => time.trim());
      return { start, end };
    });

/** The calendar's availability; the public calendar reads it on every request, so saving shows at once. */
export function AvailabilityEditor() {
  const [settings, setSettings] = useState<AvailabilitySettings | null>(null);
  const [hours, setHours] = useState<Record<Weekday, string>>({} as Record<Weekday, string>);
  const [blocked, setBlocked] = useState<BlockedDate[]>([]);
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    call(readAvailability, {})
      .then((answer) => {
        setSettings(answer.settings);
        setHours(
          Object.fromEntries(
            weekdayNames.map((day) => [day, hoursText(answer.settings.workingHours[day])]),
          ) as Record<Weekday, string>,
        );
        setBlocked(answer.blockedDates);
      })
      .catch((error) => setProblems(problemsOf(error)));
  }, []);

  const run = async (action: () => Promise<string>) => {
    setProblems([]);
    setStatus('');
    try {
      setStatus(await action());
    } catch (error) {
      setProblems(problemsOf(error));
    }
  };

  if (!settings) return problems.length ? <p role="alert">{problems[0]}</p> : <p>Loading…</p>;

  const number = (label: string, name: keyof AvailabilitySettings) => (
    <label>
      {label}
      <input
        type="number"
        min={0}
        required
        value={String(settings[name])}
        onChange={(event) => setSettings({ ...settings, [name]: Number(event.target.value) })}
      />
    </label>
  );

  const save = (event: FormEvent) => {
    event.preventDefault();
    const workingHours = Object.fromEntries(
      weekdayNames.map((day) => [day, hoursFrom(hours[day])]),
    ) as AvailabilitySettings['workingHours'];
    void run(async () => {
      const answer = await call(saveAvailability, { body: { ...settings, workingHours } });
      return answer.infoMessages.join(' ');
    });
  };

  const block = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void run(async () => {
      const answer = await call(blockDate, {
        body: { date: String(data.get('date')), reason: String(data.get('reason') ?? '') },
      });
      setBlocked(answer.blockedDates);
      form.reset();
      return `Blocked ${longDay(String(data.get('date')))}.`;
    });
  };

  const unblock = (date: string) =>
    run(async () => {
      setBlocked((await call(unblockDate, { params: { date } })).blockedDates);
      return `${longDay(date)} is open again.`;
    });

  return (
    <section aria-labelledby="availability-title">
      <h1 id="availability-title">Availability</h1>
      <Feedback status={status} problems={problems} />
      <form className="bo-settings" onSubmit={save}>
        <fieldset>
          <legend>Working hours (24-hour, such as 09:00-12:30, 13:30-17:00; empty for none)</legend>
          {weekdayNames.map((day) => (
            <label key={day}>
              {capitalised(day)}
              <input
                value={hours[day]}
                onChange={(event) => setHours({ ...hours, [day]: event.target.value })}
              />
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Days the calendar never offers</legend>
          {weekdayNames.map((day) => (
            <label key={day} className="bo-check">
              <input
                type="checkbox"
                checked={settings.ignoreDays.includes(day)}
                onChange={(event) =>
                  setSettings({
                    ...settings,
                    ignoreDays: event.target.checked
                      ? [...settings.ignoreDays, day]
                      : settings.ignoreDays.filter((ignored) => ignored !== day),
                  })
                }
              />
              {capitalised(day)}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Calls</legend>
          {number(settingLabels.callMinutes, 'callMinutes')}
          {number(settingLabels.bufferMinutes, 'bufferMinutes')}
          {number(settingLabels.minimumNoticeHours, 'minimumNoticeHours')}
          {number(settingLabels.maxDaysOffered, 'maxDaysOffered')}
          <label>
            Time zone
            <input
              required
              value={settings.timeZone}
              onChange={(event) => setSettings({ ...settings, timeZone: event.target.value })}
            />
          </label>
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
            <li key={entry.date}>
              {longDay(entry.date)}
              {entry.reason && ` (${entry.reason})`}{' '}
              <button type="button" className="button button--secondary" onClick={() => unblock(entry.date)}>
                Unblock {entry.date}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="bo-inline-form" onSubmit={block}>
        <label>
          Date
          <input type="date" name="date" required />
        </label>
        <label>
          Reason (optional)
          <input name="reason" maxLength={200} />
        </label>
        <button type="submit" className="button">
          Block date
        </button>
      </form>
    </section>
  );
}
