import { useEffect, useId, useState } from 'react';
import { call, problemText } from '#client/lib/api-client.ts';
import { type AuditPage, readAuditLog } from '#shared/api/back-office-staff.ts';
import { type AuditKind, auditKindLabels, auditKinds } from '#shared/audit.ts';
import { auditSentence } from '#shared/audit-sentence.ts';
import { when } from './format.ts';
import { ScrollBox } from './ScrollBox.tsx';

const pageOf = (kind: AuditKind, after?: string) => call(readAuditLog, { query: { kind, after } });

/**
 * The audit log, newest first, each entry a sentence: staff actions, or sign-in events (with the network
 * address each came from), a page at a time, starting with staff actions.
 */
export function AuditLog() {
  const id = useId();
  const [kind, setKind] = useState<AuditKind>('staff');
  const [page, setPage] = useState<AuditPage>({ items: [], next: null });
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setProblem(null);
    pageOf(kind)
      .then((first) => current && setPage(first))
      .catch((error) => current && setProblem(problemText(error)));
    return () => {
      current = false;
    };
  }, [kind]);

  const loadOlder = async () => {
    if (!page.next) return;
    setLoading(true);
    setProblem(null);
    try {
      const older = await pageOf(kind, page.next);
      setPage({ items: [...page.items, ...older.items], next: older.next });
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setLoading(false);
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
              setPage({ items: [], next: null });
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
          <button type="button" className="button button--secondary" onClick={loadOlder} disabled={loading}>
            Load older entries
          </button>
        </nav>
      )}
    </section>
  );
}
