import type { CSSProperties } from 'react';
import { call } from '#client/lib/api-client.ts';
import { type BookingRow, bookingLead, bookingList } from '#shared/api/back-office-bookings.ts';
import {
  addDays,
  type CalendarDate,
  parseIsoDate,
  todayIn,
  toIsoDate,
  weekdayIndex,
} from '#shared/calendar.ts';
import { firmTimeZone } from '#shared/site-firm.ts';
import { dayHeading } from './format.ts';
import { Link } from './router.tsx';
import { useLoaded } from './useEndpoint.ts';

// The week's confirmed calls, a column a day, each placed by its time in the firm's time zone (as the
// visitor booked it). Seven columns side by side on a wide screen, one under another on a phone.

/** The week view's screen, under the agenda's. */
export const weekScreen = `${bookingList.name}/week`;

/** The Monday of the week holding `date`. */
const mondayOf = (date: CalendarDate) => addDays(date, -weekdayIndex(date));

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Every confirmed call of the week, whether it is over or still to come, page after page. */
async function callsBetween(from: string, to: string): Promise<BookingRow[]> {
  const rows: BookingRow[] = [];
  for (const when of ['past', 'upcoming'] as const) {
    let after: string | undefined;
    do {
      const page = await call(bookingList.list, {
        query: { from, to, when, status: 'confirmed', ...(after && { after }) },
      });
      rows.push(...page.items);
      after = page.next ?? undefined;
    } while (after);
  }
  return rows.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

export function WeekView({ search }: { search: URLSearchParams }) {
  const asked = parseIsoDate(search.get('start') ?? '');
  const monday = mondayOf(asked ?? todayIn(firmTimeZone));
  const start = toIsoDate(monday);
  const days = Array.from({ length: 7 }, (_, index) => toIsoDate(addDays(monday, index)));
  const end = days[6] as string;
  const { data: rows, problem } = useLoaded(`${start}/${end}`, () => callsBetween(start, end));

  // The day runs from the earliest hour of the week's calls (9am at the latest) to the last (5pm at least).
  const minutes = (rows ?? []).map((row) => minutesOf(row.localTime));
  const dayStart = Math.min(9 * 60, ...minutes.map((m) => Math.floor(m / 60) * 60));
  const dayEnd = Math.max(17 * 60, ...minutes.map((m) => Math.floor(m / 60) * 60 + 60));
  const hours = Array.from({ length: (dayEnd - dayStart) / 60 }, (_, index) => dayStart / 60 + index);
  const week = (offset: number) => `${weekScreen}?start=${toIsoDate(addDays(monday, offset))}`;

  return (
    <section aria-labelledby="week-title">
      <h1 id="week-title">Calls in the week of {dayHeading(start)}</h1>
      <nav className="bo-pager" aria-label="Weeks">
        <Link to={week(-7)}>Previous week</Link>
        <Link to={weekScreen}>This week</Link>
        <Link to={week(7)}>Next week</Link>
        <Link to={bookingList.name}>Agenda</Link>
      </nav>
      {problem && (
        <p className="bo-problem" role="alert">
          {problem}
        </p>
      )}
      {!rows && !problem && <p>Loading…</p>}
      {rows && (
        <div className="bo-week-frame" style={{ '--day-hours': (dayEnd - dayStart) / 60 } as CSSProperties}>
          {/* The hours down the side of the grid; each call says its own time, so this is for the eye. */}
          <ol className="bo-week-hours" aria-hidden="true">
            {hours.map((hour) => (
              <li key={hour}>
                <span>{`${String(hour).padStart(2, '0')}:00`}</span>
              </li>
            ))}
          </ol>
          <ol
            className="bo-week"
            aria-label={`${rows.length} ${rows.length === 1 ? 'call' : 'calls'} this week`}
          >
            {days.map((day) => {
              const today = rows.filter((row) => row.localDate === day);
              return (
                <li key={day} className="bo-week-day">
                  <section aria-labelledby={`day-${day}`}>
                    <h2 id={`day-${day}`} className="bo-week-title">
                      {dayHeading(day, { year: false })}
                    </h2>
                    {/* A day without calls keeps its grid of hours, like the others, and says so. */}
                    {today.length === 0 ? (
                      <div className="bo-week-calls">
                        <p className="bo-week-none bo-muted bo-small">No calls</p>
                      </div>
                    ) : (
                      <ol className="bo-week-calls">
                        {today.map((row) => (
                          <li
                            key={row.reference}
                            className="bo-week-call"
                            style={{ '--from': (minutesOf(row.localTime) - dayStart) / 60 } as CSSProperties}
                          >
                            <Link to={`${bookingLead.name}/${row.reference}`}>
                              <time dateTime={row.startsAt}>{row.localTime}</time>{' '}
                              <span className="bo-week-who">{row.email}</span>
                              {row.adviser && <span className="bo-week-adviser"> with {row.adviser}</span>}
                            </Link>
                          </li>
                        ))}
                      </ol>
                    )}
                  </section>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}
