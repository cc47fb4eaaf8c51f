import { useContext } from 'react';
import { backOfficeSummary } from '#shared/api/back-office-overview.ts';
import { when } from './format.ts';
import { Link } from './router.tsx';
import { SetupChecklist } from './SetupChecklist.tsx';
import { Today } from './Today.tsx';
import { useEndpoint } from './useEndpoint.ts';
import { YourRole } from './your-role.ts';

/** The landing screen: what needs you today, then how many of each lead there are and the newest (or the next call). */
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
      )}
    </section>
  );
}
