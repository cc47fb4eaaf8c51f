import { type FormEvent, type ReactNode, useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import {
  type AdviserSummary,
  blockAdviserDate,
  editAdviser,
  setAdviserActive,
  setAdviserHours,
  unblockAdviserDate,
} from '#shared/api/back-office-advisers.ts';
import { settingLabels } from '#shared/availability-words.ts';
import { AdviserCalendar } from './AdviserCalendar.tsx';
import type { AdvisersAnswer, RunChange } from './AdvisersScreen.tsx';
import { hoursInWords, offeredWords } from './adviser-words.ts';
import { longDay } from './format.ts';
import { WorkingHours } from './WorkingHours.tsx';

type Firm = AdvisersAnswer['firm'];

export interface AdviserCardProps {
  adviser: AdviserSummary;
  firm: Firm;
  now: Date;
  /** Which of this adviser's forms is open: 'details', 'hours', 'block' or 'calendar'. */
  open: string | null;
  setOpen: (form: string | null) => void;
  run: RunChange;
}

/** One adviser: what visitors see of them, their settings, blocked dates and calendar, with their forms. */
export function AdviserCard(props: AdviserCardProps) {
  const { adviser, firm, open, setOpen, run } = props;
  const params = { id: String(adviser.id) };
  const { overrides } = adviser;
  const headingId = `adviser-${adviser.id}`;
  const toggle = (form: string, label: string) => (
    <button
      type="button"
      className="button button--secondary"
      aria-expanded={open === form}
      onClick={() => setOpen(open === form ? null : form)}
    >
      {label}
      <span className="visually-hidden"> for {adviser.displayName}</span>
    </button>
  );

  return (
    <article className="bo-adviser" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {adviser.displayName}
        {adviser.accountDisabled ? (
          <span className="bo-muted"> (staff account disabled)</span>
        ) : (
          !adviser.active && <span className="bo-muted"> (inactive)</span>
        )}
      </h2>
      <dl className="bo-fields">
        <Field label="Email">{adviser.email}</Field>
        <Field label="Introduction">{adviser.introduction || '—'}</Field>
        <Field label="Offered for calls">{offeredWords(adviser)}</Field>
        <Field label="Working hours">
          {overrides.workingHours ? hoursInWords(overrides.workingHours) : 'The firm’s hours'}
        </Field>
        <Field label="Call length">
          {overrides.callMinutes ?? firm.callMinutes} minutes
          {overrides.callMinutes === undefined && ' (the firm’s)'}
        </Field>
        <Field label="Gap between calls">
          {overrides.bufferMinutes ?? firm.bufferMinutes} minutes
          {overrides.bufferMinutes === undefined && ' (the firm’s)'}
        </Field>
        <Field label="Blocked dates">
          {adviser.blockedDates.length === 0 ? (
            'None'
          ) : (
            <ul className="bo-blocked">
              {adviser.blockedDates.map((entry) => (
                <li key={entry.date}>
                  {longDay(entry.date)}
                  {entry.reason && ` (${entry.reason})`}{' '}
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() =>
                      run(() => call(unblockAdviserDate, { params: { ...params, date: entry.date } }))
                    }
                  >
                    Unblock<span className="visually-hidden"> {longDay(entry.date)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Field>
      </dl>
      <AdviserCalendar {...props} />
      <div className="bo-actions">
        {toggle('details', 'Edit name and introduction')}
        {toggle('hours', 'Set hours')}
        {toggle('block', 'Block a date')}
        {toggle('calendar', adviser.calendar ? 'Change calendar' : 'Connect a calendar')}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => run(() => call(setAdviserActive, { params, body: { active: !adviser.active } }))}
        >
          {adviser.active ? 'Make inactive' : 'Make active'}
          <span className="visually-hidden"> {adviser.displayName}</span>
        </button>
      </div>
      {open === 'details' && <DetailsForm adviser={adviser} run={run} />}
      {open === 'hours' && <HoursForm adviser={adviser} firm={firm} run={run} />}
      {open === 'block' && <BlockForm adviser={adviser} run={run} />}
    </article>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="bo-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DetailsForm({ adviser, run }: { adviser: AdviserSummary; run: RunChange }) {
  const [displayName, setDisplayName] = useState(adviser.displayName);
  const [introduction, setIntroduction] = useState(adviser.introduction);
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(() =>
      call(editAdviser, { params: { id: String(adviser.id) }, body: { displayName, introduction } }),
    );
  };
  return (
    <form
      className="bo-inline-form"
      onSubmit={save}
      aria-label={`Name and introduction of ${adviser.displayName}`}
    >
      <label>
        Name shown to visitors
        <input required maxLength={80} value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
      </label>
      <label>
        Introduction (optional, one line)
        <input maxLength={200} value={introduction} onChange={(e) => setIntroduction(e.target.value)} />
      </label>
      <button type="submit" className="button">
        Save
      </button>
    </form>
  );
}

function HoursForm({ adviser, firm, run }: { adviser: AdviserSummary; firm: Firm; run: RunChange }) {
  const { overrides } = adviser;
  const [ownHours, setOwnHours] = useState(overrides.workingHours !== undefined);
  const [hours, setHours] = useState(overrides.workingHours ?? firm.workingHours);
  const [callMinutes, setCallMinutes] = useState(overrides.callMinutes?.toString() ?? '');
  const [bufferMinutes, setBufferMinutes] = useState(overrides.bufferMinutes?.toString() ?? '');
  const [problems, setProblems] = useState<string[]>([]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...(ownHours && { workingHours: hours }),
      ...(callMinutes !== '' && { callMinutes: Number(callMinutes) }),
      ...(bufferMinutes !== '' && { bufferMinutes: Number(bufferMinutes) }),
    };
    setProblems([]);
    void run(async () => {
      try {
        return await call(setAdviserHours, { params: { id: String(adviser.id) }, body });
      } catch (error) {
        setProblems(problemsOf(error));
        throw error;
      }
    });
  };

  return (
    <form className="bo-settings" onSubmit={save} aria-label={`Hours of ${adviser.displayName}`}>
      <fieldset>
        <legend>Whose working hours</legend>
        <label className="bo-check">
          <input type="radio" name="whose-hours" checked={!ownHours} onChange={() => setOwnHours(false)} />
          The firm’s hours
        </label>
        <label className="bo-check">
          <input type="radio" name="whose-hours" checked={ownHours} onChange={() => setOwnHours(true)} />
          Their own hours
        </label>
      </fieldset>
      {ownHours && <WorkingHours hours={hours} onChange={setHours} problems={problems} />}
      <fieldset>
        <legend>Calls (leave blank for the firm’s)</legend>
        <div className="bo-field">
          <label>
            {settingLabels.callMinutes}
            <input
              type="number"
              min={0}
              placeholder={`${firm.callMinutes} (the firm’s)`}
              value={callMinutes}
              onChange={(event) => setCallMinutes(event.target.value)}
            />
          </label>
        </div>
        <div className="bo-field">
          <label>
            {settingLabels.bufferMinutes}
            <input
              type="number"
              min={0}
              placeholder={`${firm.bufferMinutes} (the firm’s)`}
              value={bufferMinutes}
              onChange={(event) => setBufferMinutes(event.target.value)}
            />
          </label>
        </div>
      </fieldset>
      <button type="submit" className="button">
        Save hours
      </button>
    </form>
  );
}

function BlockForm({ adviser, run }: { adviser: AdviserSummary; run: RunChange }) {
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const block = (event: FormEvent) => {
    event.preventDefault();
    void run(() =>
      call(blockAdviserDate, {
        params: { id: String(adviser.id) },
        body: { date, ...(reason && { reason }) },
      }),
    );
  };
  return (
    <form className="bo-inline-form" onSubmit={block} aria-label={`Block a date for ${adviser.displayName}`}>
      <label>
        Date to block
        <input type="date" required value={date} onChange={(event) => setDate(event.target.value)} />
      </label>
      <label>
        Reason (optional)
        <input maxLength={200} value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
      <button type="submit" className="button">
        Block date
      </button>
    </form>
  );
}
