import { type FormEvent, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import {
  connectAdviserCalendar,
  disconnectAdviserCalendar,
  readAdviserCalendarNow,
} from '#shared/api/back-office-advisers.ts';
import type { AdviserCardProps } from './AdviserCard.tsx';
import { calendarKindLabel, calendarState, diaryWritesWords } from './adviser-words.ts';

/**
 * An adviser's calendar: its kind and host (never its address or credentials, which the server does not
 * send back), when it was last read, why a read failed, and whether their times are offered; and the form
 * that connects or replaces it.
 */
export function AdviserCalendar({ adviser, now, open, run }: AdviserCardProps) {
  const params = { id: String(adviser.id) };
  const { calendar } = adviser;
  const state = calendar && calendarState(calendar, now);
  const unwritten = diaryWritesWords(adviser.diaryWrites);
  return (
    <div className="bo-adviser-calendar">
      <h3>Calendar</h3>
      {!calendar || !state ? (
        <p>No calendar connected: only their hours and blocked dates decide when they are free.</p>
      ) : (
        <>
          <p>
            {calendarKindLabel(calendar.kind)} on {calendar.host}. {state.read}.
          </p>
          {state.error && <p className="bo-problem">{state.error}</p>}
          {state.stale && <p className="bo-problem">{state.stale}</p>}
          <div className="bo-actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => run(() => call(readAdviserCalendarNow, { params }))}
            >
              Read now<span className="visually-hidden"> the calendar of {adviser.displayName}</span>
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => run(() => call(disconnectAdviserCalendar, { params }))}
            >
              Disconnect<span className="visually-hidden"> the calendar of {adviser.displayName}</span>
            </button>
          </div>
        </>
      )}
      {unwritten.map((line) => (
        <p key={line} className="bo-problem">
          {line}
        </p>
      ))}
      {open === 'calendar' && <ConnectForm id={adviser.id} name={adviser.displayName} run={run} />}
    </div>
  );
}

function ConnectForm({ id, name, run }: { id: number; name: string; run: AdviserCardProps['run'] }) {
  const [kind, setKind] = useState<'caldav' | 'ics'>('ics');
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  // Typed afresh each time: the server never sends a password back, so none is ever filled in here.
  const [password, setPassword] = useState('');
  const connect = (event: FormEvent) => {
    event.preventDefault();
    const body = kind === 'caldav' ? { kind, url, username, password } : { kind, url };
    void run(() => call(connectAdviserCalendar, { params: { id: String(id) }, body })).then(() =>
      setPassword(''),
    );
  };
  return (
    <form className="bo-settings" onSubmit={connect} aria-label={`Connect a calendar for ${name}`}>
      <fieldset>
        <legend>Kind of calendar</legend>
        <label className="bo-check">
          <input type="radio" name="calendar-kind" checked={kind === 'ics'} onChange={() => setKind('ics')} />
          ICS feed (a published or secret address, read only)
        </label>
        <label className="bo-check">
          <input
            type="radio"
            name="calendar-kind"
            checked={kind === 'caldav'}
            onChange={() => setKind('caldav')}
          />
          CalDAV (iCloud, Fastmail, Nextcloud…)
        </label>
      </fieldset>
      <div className="bo-field bo-field--wide">
        <label>
          {kind === 'ics' ? 'Feed address' : 'Calendar address'}
          <input
            type="url"
            required
            autoComplete="off"
            placeholder="https://"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </label>
      </div>
      {kind === 'caldav' && (
        <>
          <div className="bo-field">
            <label>
              User name
              <input
                required
                autoComplete="off"
                value={username}
                onChange={(event) => setUsername(event.target.value)}
              />
            </label>
          </div>
          <div className="bo-field">
            <label>
              Password (an app password where the service offers one)
              <input
                type="password"
                required
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </label>
          </div>
        </>
      )}
      <button type="submit" className="button">
        Connect calendar
      </button>
    </form>
  );
}
