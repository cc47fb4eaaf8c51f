import { type FormEvent, useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import { enquiryLead } from '#shared/api/back-office-enquiries.ts';
import { personDetail } from '#shared/api/back-office-people.ts';
import { type PriceListAnswer, readPriceList } from '#shared/api/back-office-pricing.ts';
import {
  createProposal,
  deleteProposal,
  type ProposalDetail,
  readProposal,
  saveProposal,
  sendProposal,
} from '#shared/api/back-office-proposals.ts';
import { type Answers, penceFromTyped, priceServices, typedPounds } from '#shared/pricing.ts';
import { draftOfDocument, proposalStatusLabels, startFromQuote } from '#shared/proposal-staff.ts';
import { type ProposalDraft, proposalDocument } from '#shared/proposals.ts';
import type { RichText } from '#shared/rich-text.ts';
import { DriverAnswers } from './DriverAnswers.tsx';
import { Feedback } from './Feedback.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { ProposalLines } from './ProposalLines.tsx';
import RichTextEditor from './pages/RichTextEditor.tsx';
import { answersFor } from './price-list-edits.ts';
import { Link, navigate } from './router.tsx';
import { SentProposal } from './SentProposal.tsx';
import { useEndpoint } from './useEndpoint.ts';

/**
 * A proposal (decision 030): a new one for a person, or from one of their quote requests; a draft to
 * change, save, send or delete; a sent one to read, withdraw or replace with a new version. Loaded with
 * the rich-text editor, on its own.
 */
export default function ProposalBuilder({ id, search }: { id: string; search: URLSearchParams }) {
  const isNew = id === 'new';
  const prices = useEndpoint(readPriceList, {});
  const stored = useEndpoint(readProposal, isNew ? null : { params: { id } });
  const personId = isNew ? (search.get('person') ?? '') : '';
  const quote = isNew ? search.get('quote') : null;
  const person = useEndpoint(personDetail, isNew && personId ? { params: { id: personId } } : null);
  const quoted = useEndpoint(enquiryLead.detail, quote ? { params: { reference: quote } } : null);
  if (isNew && !personId) {
    return (
      <p role="alert">
        A proposal is made to a person: open their page and choose New proposal.{' '}
        <Link to="">Back to the overview</Link>
      </p>
    );
  }
  const problem = prices.problem ?? stored.problem ?? person.problem ?? quoted.problem;
  if (!prices.data || (!isNew && !stored.data) || (isNew && !person.data) || (quote && !quoted.data)) {
    return <NotLoaded problem={problem} />;
  }
  if (stored.data && stored.data.status !== 'draft') {
    return <SentProposal proposal={stored.data} onChanged={stored.reload} />;
  }
  const who = person.data;
  const start: Start = stored.data
    ? {
        draft: draftOfDocument(stored.data.document),
        personId: stored.data.person.id,
        name: stored.data.person.name ?? stored.data.person.email,
      }
    : {
        draft: {
          addressedTo: quoted.data?.organisation || (who?.organisation ?? who?.name ?? who?.email ?? ''),
          ...(quoted.data
            ? startFromQuote(prices.data.priceList, {
                organisation: quoted.data.organisation,
                cost: quoted.data.details.cost,
                instantQuote: quoted.data.details.instantQuote,
              })
            : { answers: {}, services: [] }),
          message: [],
        },
        personId: Number(personId),
        name: who?.name ?? who?.email ?? '',
      };
  return (
    <DraftForm
      key={stored.data?.reference ?? 'new'}
      prices={prices.data}
      start={start}
      stored={stored.data}
      quote={quote}
      onSaved={async () => {
        await stored.reload().catch(() => {});
      }}
    />
  );
}

interface Start {
  draft: ProposalDraft;
  personId: number;
  name: string;
}

/** What staff chose of one service: included, as an optional extra, at a fee typed (null: the list's). */
interface Choice {
  included: boolean;
  optional: boolean;
  typed: string | null;
  reason: string;
}

function DraftForm({
  prices,
  start,
  stored,
  quote,
  onSaved,
}: {
  prices: PriceListAnswer;
  start: Start;
  stored: ProposalDetail | null;
  quote: string | null;
  onSaved: () => Promise<void>;
}) {
  const list = prices.priceList;
  const [addressedTo, setAddressedTo] = useState(start.draft.addressedTo);
  const [answers, setAnswers] = useState<Answers>(() => answersFor(list.drivers, start.draft.answers));
  const [message, setMessage] = useState<RichText>(start.draft.message);
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(
      list.services.map((service) => {
        const chosen = start.draft.services.find((each) => each.key === service.key);
        return [
          service.key,
          {
            included: chosen !== undefined,
            optional: chosen?.optional ?? false,
            typed: chosen?.fee === undefined ? null : typedPounds(chosen.fee),
            reason: chosen?.reason ?? '',
          },
        ];
      }),
    ),
  );
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);

  const priced = new Map(
    priceServices(
      list,
      list.services.map((service) => service.key),
      answers,
    ).services.map((service) => [service.key, service.fee]),
  );
  const feeOf = (key: string) => {
    const typed = choices[key]?.typed;
    return typed === null || typed === undefined ? priced.get(key) : penceFromTyped(typed);
  };
  const unreadable = list.services.some(
    (service) => choices[service.key]?.included && feeOf(service.key) === null,
  );
  const draft: ProposalDraft = {
    addressedTo,
    answers,
    message,
    services: list.services
      .filter((service) => choices[service.key]?.included)
      .map((service) => {
        const choice = choices[service.key] as Choice;
        const fee = feeOf(service.key);
        const changed = fee !== null && fee !== undefined && fee !== priced.get(service.key);
        return {
          key: service.key,
          optional: choice.optional,
          ...(changed && { fee, reason: choice.reason.trim() }),
        };
      }),
  };
  const made = proposalDocument(list, draft);
  const change = (key: string, to: Partial<Choice>) =>
    setChoices({ ...choices, [key]: { ...(choices[key] as Choice), ...to } });

  /** Saves the draft (a new one, or again); its id, or null when refused. A new one is opened when `open`. */
  const save = async (open: boolean) => {
    setStatus('');
    setProblems([]);
    try {
      if (stored) {
        const answer = await call(saveProposal, { params: { id: String(stored.id) }, body: { draft } });
        setStatus(answer.infoMessages.join(' '));
        return stored.id;
      }
      const answer = await call(createProposal, {
        params: { id: String(start.personId) },
        body: { draft, ...(quote && { quoteRequest: quote }) },
      });
      if (open) navigate(`proposals/${answer.id}`, { replace: true });
      return answer.id;
    } catch (error) {
      setProblems(problemsOf(error));
      return null;
    }
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (unreadable)
      return setProblems(['A fee marked in red does not read as an amount: correct it, then save.']);
    if (await save(true)) await onSaved();
  };
  const send = async () => {
    if (unreadable)
      return setProblems(['A fee marked in red does not read as an amount: correct it, then send.']);
    const saved = await save(false);
    if (!saved) return;
    try {
      await call(sendProposal, { params: { id: String(saved) } });
      if (stored) await onSaved();
      else navigate(`proposals/${saved}`, { replace: true });
    } catch (error) {
      if (!stored) navigate(`proposals/${saved}`, { replace: true });
      setProblems(problemsOf(error));
    }
  };
  const remove = async () => {
    if (!stored || !window.confirm(`Delete the draft ${stored.reference}? This cannot be undone.`)) return;
    try {
      await call(deleteProposal, { params: { id: String(stored.id) } });
      navigate(`people/${start.personId}`);
    } catch (error) {
      setProblems(problemsOf(error));
    }
  };

  return (
    <article aria-labelledby="proposal-title">
      <h1 id="proposal-title">
        {stored ? `Proposal ${stored.reference}` : 'New proposal'} to {start.name}
      </h1>
      <p>
        {stored ? `${proposalStatusLabels.draft}. ` : ''}
        <Link to={`people/${start.personId}`}>Back to {start.name}</Link>
      </p>
      {stored && stored.priceListVersion !== prices.version && (
        <p>
          <strong>Priced from an older price list:</strong> the fees below are today’s. Save the draft to
          re-price it before sending.
        </p>
      )}
      <form onSubmit={onSubmit}>
        <label>
          Addressed to
          <input
            required
            maxLength={120}
            value={addressedTo}
            onChange={(event) => setAddressedTo(event.target.value)}
          />
        </label>
        <fieldset>
          <legend>About the client</legend>
          <DriverAnswers list={list} answers={answers} onChange={setAnswers} />
        </fieldset>
        <fieldset>
          <legend>Services</legend>
          <ul className="bo-plain-list">
            {list.services.map((service) => {
              const choice = choices[service.key] as Choice;
              const fee = feeOf(service.key);
              const listFee = priced.get(service.key) ?? 0;
              const changed = fee !== listFee;
              return (
                <li key={service.key} className="bo-inline-form">
                  <label className="bo-check">
                    <input
                      type="checkbox"
                      checked={choice.included}
                      onChange={(event) => change(service.key, { included: event.target.checked })}
                    />{' '}
                    {service.name}
                  </label>
                  {choice.included && (
                    <>
                      <label className="bo-check">
                        <input
                          type="checkbox"
                          aria-label={`${service.name}: optional extra`}
                          checked={choice.optional}
                          onChange={(event) => change(service.key, { optional: event.target.checked })}
                        />{' '}
                        Optional extra
                      </label>
                      <label>
                        {`Fee for ${service.name} before VAT (£)`}
                        <input
                          inputMode="decimal"
                          value={choice.typed ?? typedPounds(listFee)}
                          aria-invalid={fee === null || undefined}
                          onChange={(event) => change(service.key, { typed: event.target.value })}
                        />
                      </label>
                      {changed && (
                        <label>
                          {`Why ${service.name} differs from the price list (seen by staff only)`}
                          <input
                            required
                            maxLength={300}
                            value={choice.reason}
                            onChange={(event) => change(service.key, { reason: event.target.value })}
                          />
                        </label>
                      )}
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
        {'document' in made ? (
          <ProposalLines document={made.document} />
        ) : (
          <ul className="bo-problem" aria-live="polite">
            {made.problems.map((each) => (
              <li key={each}>{each}</li>
            ))}
          </ul>
        )}
        <RichTextEditor label="Covering message" value={message} onChange={setMessage} />
        <div className="bo-inline-form">
          <button type="submit" className="button button--secondary">
            Save draft
          </button>
          <button type="button" className="button" onClick={send}>
            Send to {start.name}
          </button>
          {stored && (
            <button type="button" className="button bo-danger" onClick={remove}>
              Delete draft
            </button>
          )}
        </div>
        <Feedback status={status} problems={problems} />
      </form>
    </article>
  );
}
