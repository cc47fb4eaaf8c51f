import { useContext } from 'react';
import { backOfficeSummary } from '#shared/api/back-office-overview.ts';
import { when } from './format.ts';
import { Link } from './router.tsx';
import { ScrollBox } from './ScrollBox.tsx';
import { SetupChecklist } from './SetupChecklist.tsx';
import { Today } from './Today.tsx';
import { useEndpoint } from './useEndpoint.ts';
import { YourRole } from './your-role.ts';

/**
 * The landing screen: what needs you today, then how many of each lead there are, the newest (or the next
 * call), and who is signed in.
 */
export function Overview() {
  const { data: summary, problem } = useEndpoint(backOfficeSummary, {});
  const owner = useContext(YourRole) === 'owner';

  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      {owner && <SetupChecklist />}
      <Today />
      {problem && <p role="alert">{problem}</p>}
      {summary && (
        <>
          <ul className="bo-cards">
            {summary.leads.map((lead) => (
              <li key={lead.label} className="card">
                <Link to={lead.path}>{lead.label}</Link>
                <p className="bo-count">{lead.total}</p>
                <p className="bo-muted">
                  {lead.next === undefined ? `Newest: ${when(lead.newest)}` : `Next: ${when(lead.next)}`}
                </p>
              </li>
            ))}
          </ul>
          <h2>Signed in now</h2>
          <ScrollBox label="Signed in now">
            <table className="bo-table bo-table--cards">
              <thead>
                <tr>
                  <th scope="col">Who</th>
                  <th scope="col">Since</th>
                  <th scope="col">Last active</th>
                  <th scope="col">Remembered</th>
                </tr>
              </thead>
              <tbody>
                {summary.signedIn.map((entry) => (
                  <tr key={`${entry.email}-${entry.since}`}>
                    <td data-label="Who">{entry.email}</td>
                    <td data-label="Since">{when(entry.since)}</td>
                    <td data-label="Last active">{when(entry.lastSeen)}</td>
                    <td data-label="Remembered">{entry.kind === 'remembered' ? 'Yes, 30 days' : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </>
      )}
    </section>
  );
}
