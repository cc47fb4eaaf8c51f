import { useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import { RichTextView } from '#client/sections/RichTextView.tsx';
import {
  newProposalVersion,
  type ProposalDetail,
  proposalLetter,
  withdrawProposal,
} from '#shared/api/back-office-proposals.ts';
import { pathWith } from '#shared/api/endpoint.ts';
import { proposalStatusLabels } from '#shared/proposal-staff.ts';
import { isOpenToClient, linesTaken } from '#shared/proposals.ts';
import { Feedback } from './Feedback.tsx';
import { Field } from './fields.tsx';
import { feesWords, when } from './format.ts';
import { ProposalLines } from './ProposalLines.tsx';
import { Link, navigate } from './router.tsx';

/**
 * A proposal that has been sent: read only, with its covering message, who accepted it and what they took
 * or why they declined; withdrawn, or replaced by a new version, while it is open.
 */
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
  const { acceptance } = proposal;
  const extras = acceptance
    ? linesTaken(proposal.document, acceptance.extras).filter((line) => line.optional)
    : [];
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
        {acceptance && (
          <>
            <Field label="Signed by">{acceptance.signedName}</Field>
            <Field label="Accepted">{when(acceptance.acceptedAt)}</Field>
            <Field label="Extras ticked">
              {extras.length > 0 ? extras.map((line) => line.name).join(', ') : 'None'}
            </Field>
            <Field label="Taken, before VAT">{feesWords(proposal.totals)}</Field>
          </>
        )}
        {proposal.status === 'declined' && (
          <Field label="Client’s reason">{proposal.declineReason || 'None given'}</Field>
        )}
      </dl>
      {acceptance?.letter && (
        <p>
          <a href={pathWith(proposalLetter.path, params)} download>
            Engagement letter (PDF)
          </a>
        </p>
      )}
      <ProposalLines document={proposal.document} />
      <section aria-labelledby="proposal-message-title">
        <h2 id="proposal-message-title">Covering message</h2>
        <RichTextView text={proposal.document.message} headingsFrom={3} />
      </section>
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
