import { useId, useState } from 'react';
import { call, problemText } from '#client/lib/api-client.ts';
import { readAuditLog } from '#shared/api/back-office-staff.ts';
import { type AuditKind, auditKindLabels, auditKinds } from '#shared/audit.ts';
import { auditSentence } from '#shared/audit-sentence.ts';
import { when } from './format.ts';
import { ScrollBox } from './ScrollBox.tsx';
import { useEndpoint } from './useEndpoint.ts';

const noEntries = { items: [], next: null };

/**
 * The audit log, newest first, each entry a sentence: staff actions, or sign-in events (with the network
 * address each came from), a page at a time, starting with staff actions.
 */
export function AuditLog() {
  const id = useId();
  const [kind, setKind] = useState<AuditKind>('staff');
  // The newest page of the kind shown; the older pages loaded join its end.
  const newest = useEndpoint(readAuditLog, { query: { kind } });
  const page = newest.data ?? noEntries;
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderProblem, setOlderProblem] = useState<string | null>(null);
  const problem = olderProblem ?? newest.problem;

  const loadOlder = async () => {
    if (!page.next) return;
    setLoadingOlder(true);
    setOlderProblem(null);
    try {
      const older = await call(readAuditLog, { query: { kind, after: page.next } });
      newest.setData({ items: [...page.items, ...older.items], next: older.next });
    } catch (error) {
      setOlderProblem(problemText(error));
    } finally {
      setLoadingOlder(false);
    }
  };

  const signIns = kind === 'sign-in';
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Audit log</h2>
      <div className="bo-filters">
        <label>
          Show
          <select
            value={kind}
            onChange={(event) => {
              setOlderProblem(null);
              setKind(event.target.value as AuditKind);
            }}
          >
            {auditKinds.map((option) => (
              <option key={option} value={option}>
                {auditKindLabels[option]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {problem && (
        <p className="bo-problem" role="alert">
          {problem}
        </p>
      )}
      <ScrollBox label="Audit log">
        <table className="bo-table bo-table--cards">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What happened</th>
              {signIns && <th scope="col">From (IP address)</th>}
            </tr>
          </thead>
          <tbody>
            {page.items.map((entry, index) => (
              // Entries only ever join the end of the list, so their place is a steady key.
              // biome-ignore lint/suspicious/noArrayIndexKey: two entries may share every field shown
              <tr key={index}>
                <td data-label="When">{when(entry.at)}</td>
                <td data-label="What happened">{auditSentence(entry)}</td>
                {signIns && <td data-label="From (IP address)">{entry.ipAddress ?? '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {page.next && (
        <nav className="bo-pager" aria-label="Audit log pages">
          <button
            type="button"
            className="button button--secondary"
            onClick={loadOlder}
            disabled={loadingOlder}
          >
            Load older entries
          </button>
        </nav>
      )}
    </section>
  );
}
