import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import { addAdviser, listAdvisers } from '#shared/api/back-office-advisers.ts';
import type { Success } from '#shared/api/endpoint.ts';
import { AdviserCard } from './AdviserCard.tsx';
import { Feedback } from './Feedback.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { useEndpoint } from './useEndpoint.ts';

export type AdvisersAnswer = Success<typeof listAdvisers>;
/** Runs a change, then shows the advisers as they now are and what the change did, or why it was refused. */
export type RunChange = (change: () => Promise<{ infoMessages: string[] }>) => Promise<boolean>;

/**
 * The firm's advisers: whom the booking calendar offers, their own hours, blocked dates and calendars,
 * and whether each calendar is being read. One form is open at a time, so no two share a field's id.
 */
export function AdvisersScreen() {
  const { data: answer, problems: loadProblems, reload } = useEndpoint(listAdvisers, {});
  // Each calendar's state is told as of when the list was read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is a new moment to tell it from
  const now = useMemo(() => new Date(), [answer]);
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [open, setOpen] = useState<string | null>(null);

  // Bumped by each change: a calendar connected or asked to be read now is read in the background, so the
  // list is loaded again shortly after to show how that went.
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    if (changes === 0) return;
    const timers = [2_000, 6_000].map((ms) => setTimeout(() => reload().catch(() => {}), ms));
    return () => timers.forEach(clearTimeout);
  }, [changes, reload]);

  const run: RunChange = async (change) => {
    setProblems([]);
    setStatus('');
    try {
      const done = await change();
      await reload();
      setChanges((count) => count + 1);
      setOpen(null);
      setStatus(done.infoMessages.join(' '));
      return true;
    } catch (error) {
      setProblems(problemsOf(error));
      return false;
    }
  };

  if (!answer) return <NotLoaded problem={loadProblems?.[0]} />;

  return (
    <section aria-labelledby="advisers-title">
      <h1 id="advisers-title">Advisers</h1>
      <p>
        The booking calendar offers a time when at least one active adviser is free: within their hours, not
        on a date they blocked, and not busy in their calendar.
      </p>
      <Feedback status={status} problems={problems} />
      {answer.advisers.length === 0 ? (
        <p>No advisers yet: the calendar offers the firm’s hours as one diary.</p>
      ) : (
        answer.advisers.map((adviser) => (
          <AdviserCard
            key={adviser.id}
            adviser={adviser}
            firm={answer.firm}
            now={now}
            open={open?.startsWith(`${adviser.id}:`) ? open.slice(`${adviser.id}:`.length) : null}
            setOpen={(form) => {
              setProblems([]);
              setOpen(form === null ? null : `${adviser.id}:${form}`);
            }}
            run={run}
          />
        ))
      )}
      <AddAdviser staff={answer.staffWhoMayBeAdded} run={run} />
    </section>
  );
}

function AddAdviser({ staff, run }: { staff: string[]; run: RunChange }) {
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [introduction, setIntroduction] = useState('');
  const chosen = staff.includes(email) ? email : (staff[0] ?? '');

  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(() => call(addAdviser, { body: { email: chosen, displayName, introduction } })).then((done) => {
      if (!done) return;
      setDisplayName('');
      setIntroduction('');
    });
  };

  return (
    <>
      <h2>Add an adviser</h2>
      {staff.length === 0 ? (
        <p>Everyone with an active account is an adviser. Invite someone on the Staff screen first.</p>
      ) : (
        <form className="bo-settings bo-add-adviser" onSubmit={add}>
          <div className="bo-field bo-field--wide">
            <label>
              Member of staff
              <select value={chosen} onChange={(event) => setEmail(event.target.value)}>
                {staff.map((address) => (
                  <option key={address} value={address}>
                    {address}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="bo-field bo-field--wide">
            <label>
              Name shown to visitors
              <input
                required
                maxLength={80}
                autoComplete="off"
                value={displayName}
                onChange={(event) => setDisplayName(event.target.value)}
              />
            </label>
          </div>
          <div className="bo-field bo-field--wide">
            <label>
              Introduction (optional, one line)
              <input
                maxLength={200}
                autoComplete="off"
                value={introduction}
                onChange={(event) => setIntroduction(event.target.value)}
              />
            </label>
          </div>
          <button type="submit" className="button">
            Add adviser
          </button>
        </form>
      )}
    </>
  );
}
