import { useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import {
  newProposalVersion,
  type ProposalDetail,
  withdrawProposal,
} from '#shared/api/back-office-proposals.ts';
import { proposalStatusLabels } from '#shared/proposal-staff.ts';
import { isOpenToClient } from '#shared/proposals.ts';
import { Feedback } from './Feedback.tsx';
import { Field } from './fields.tsx';
import { when } from './format.ts';
import { ProposalLines } from './ProposalLines.tsx';
import { Link, navigate } from './router.tsx';

/** A proposal that has been sent: read only; withdrawn, or replaced by a new version, while it is open. */
export function SentProposal({
  proposal,
  onChanged,
}: {
  proposal: ProposalDetail;
  onChanged: () => Promise<unknown>;
}) {
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const name = proposal.person.name ?? proposal.person.email;
  const act = async (action: () => Promise<{ infoMessages: string[] }>) => {
    setStatus('');
    setProblems([]);
    try {
      setStatus((await action()).infoMessages.join(' '));
      await onChanged();
    } catch (error) {
      setProblems(problemsOf(error));
    }
  };
  const params = { id: String(proposal.id) };
  return (
    <article aria-labelledby="proposal-title">
      <h1 id="proposal-title">
        Proposal {proposal.reference} to {name}
      </h1>
      <p>
        <Link to={`people/${proposal.person.id}`}>Back to {name}</Link>
      </p>
      <dl className="bo-fields">
        <Field label="Status">{proposalStatusLabels[proposal.status]}</Field>
        <Field label="Addressed to">{proposal.document.addressedTo}</Field>
        {proposal.replaces && <Field label="Replaces">{proposal.replaces}</Field>}
        {proposal.sentAt && <Field label="Sent">{when(proposal.sentAt)}</Field>}
        {proposal.expiresAt && <Field label="Link works until">{when(proposal.expiresAt)}</Field>}
        {proposal.viewedAt && <Field label="Opened">{when(proposal.viewedAt)}</Field>}
        <Field label="Reminders sent">{String(proposal.reminders)}</Field>
      </dl>
      <ProposalLines document={proposal.document} />
      {proposal.status !== 'accepted' && (
        <div className="bo-inline-form">
          <button
            type="button"
            className="button"
            onClick={() =>
              act(async () => {
                const made = await call(newProposalVersion, { params });
                navigate(`proposals/${made.id}`);
                return made;
              })
            }
          >
            Send a new version
          </button>
          {isOpenToClient(proposal.status) && (
            <button
              type="button"
              className="button bo-danger"
              onClick={() => {
                if (window.confirm(`Withdraw ${proposal.reference}? Its link will stop working.`)) {
                  void act(() => call(withdrawProposal, { params }));
                }
              }}
            >
              Withdraw
            </button>
          )}
        </div>
      )}
      <Feedback status={status} problems={problems} />
    </article>
  );
}
