import { listProposals } from '#shared/api/back-office-proposals.ts';
import { proposalStatusLabels } from '#shared/proposal-staff.ts';
import { feesWords, when } from './format.ts';
import { Link } from './router.tsx';
import { ScrollBox } from './ScrollBox.tsx';
import { useEndpoint } from './useEndpoint.ts';

/** The proposals made to a person, each opening in its builder, and a new one. */
export function PersonProposals({ personId }: { personId: number }) {
  const { data: proposals, problem } = useEndpoint(listProposals, { params: { id: String(personId) } });
  return (
    <section aria-labelledby="person-proposals-title">
      <h2 id="person-proposals-title">Proposals</h2>
      {problem && <p role="alert">{problem}</p>}
      {proposals && proposals.length === 0 && <p>None yet.</p>}
      {proposals && proposals.length > 0 && (
        <ScrollBox label="Their proposals">
          <table className="bo-table bo-table--cards">
            <thead>
              <tr>
                <th scope="col">Proposal</th>
                <th scope="col">Status</th>
                <th scope="col">Fees before VAT</th>
                <th scope="col">Sent</th>
              </tr>
            </thead>
            <tbody>
              {proposals.map((proposal) => (
                <tr key={proposal.id}>
                  <td data-label="Proposal">
                    <Link to={`proposals/${proposal.id}`}>{proposal.reference}</Link>
                    {proposal.replaces && <span className="bo-muted"> (replaces {proposal.replaces})</span>}
                  </td>
                  <td data-label="Status">{proposalStatusLabels[proposal.status]}</td>
                  <td data-label="Fees before VAT">
                    {feesWords(proposal.totals)}
                    {proposal.status === 'accepted' && (
                      <span className="bo-muted"> with the extras taken</span>
                    )}
                  </td>
                  <td data-label="Sent">{proposal.sentAt ? when(proposal.sentAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <p>
        <Link to={`proposals/new?person=${personId}`}>New proposal</Link>
      </p>
    </section>
  );
}
