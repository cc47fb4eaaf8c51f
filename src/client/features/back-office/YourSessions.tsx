import { useId, useState } from 'react';
import { call, problemText } from '#client/lib/api-client.ts';
import { endOwnSession, listOwnSessions, type OwnSession } from '#shared/api/back-office-staff.ts';
import { Feedback } from './Feedback.tsx';
import { when } from './format.ts';
import { ScrollBox } from './ScrollBox.tsx';
import { useEndpoint } from './useEndpoint.ts';

/**
 * Every browser signed in as you, and a button to end any but this one (signing out does that). A session
 * is named by an opaque handle from the server, never by its cookie. `onEnded` lets the screen refresh what
 * shows the change (the audit log).
 */
export function YourSessions({ onEnded }: { onEnded: () => void }) {
  const id = useId();
  const list = useEndpoint(listOwnSessions, {});
  const sessions = list.data ?? [];
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const end = async (session: OwnSession) => {
    setProblem(null);
    try {
      setStatus((await call(endOwnSession, { body: { session: session.session } })).infoMessages.join(' '));
      onEnded();
    } catch (error) {
      setProblem(problemText(error));
    }
    await list.reload().catch((error) => setProblem(problemText(error)));
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your sessions</h2>
      <p>Each browser where you are signed in. End any you do not recognise or no longer use.</p>
      <Feedback status={status} problems={problem ?? list.problem} />
      <ScrollBox label="Your sessions">
        <table className="bo-table bo-table--cards">
          <thead>
            <tr>
              <th scope="col">Browser</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last active</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.session}>
                <td data-label="Browser">
                  {session.browser}
                  {session.kind === 'remembered' && ' (kept signed in)'}
                </td>
                <td data-label="Signed in">{when(session.startedAt)}</td>
                <td data-label="Last active">{when(session.lastSeen)}</td>
                <td>
                  {session.current ? (
                    <strong>This browser</strong>
                  ) : (
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void end(session)}
                    >
                      End session
                      <span className="visually-hidden">
                        {' '}
                        in {session.browser}, signed in {when(session.startedAt)}
                      </span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
