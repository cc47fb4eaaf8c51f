import { type FormEvent, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import {
  type Opportunity,
  type PersonDetail as Person,
  setOpportunityOwner,
  setOpportunityValue,
} from '#shared/api/back-office-people.ts';
import { cardKindTitles } from '#shared/api/back-office-pipeline.ts';
import { type ChoosableColleague as Colleague, listColleagues } from '#shared/api/back-office-tasks.ts';
import { leadStageLabels } from '#shared/back-office.ts';
import { ColleagueOptions } from './ColleagueOptions.tsx';
import { leadPath } from './card-leads.ts';
import { Feedback } from './Feedback.tsx';
import { when } from './format.ts';
import { Link } from './router.tsx';
import { useAction } from './useAction.ts';
import { useEndpoint } from './useEndpoint.ts';

/**
 * Each piece of new business: what it is, its stage and leads, what it is worth and who looks after it
 * (which staff set).
 */
export function NewBusiness({
  opportunities,
  onChanged,
}: {
  opportunities: Person['opportunities'];
  onChanged: () => Promise<void>;
}) {
  const colleagues = useEndpoint(listColleagues, {}).data ?? [];
  return (
    <section aria-labelledby="person-business-title">
      <h2 id="person-business-title">New business</h2>
      <ul className="bo-opportunities">
        {opportunities.map((opportunity) => (
          <li key={opportunity.id}>
            <p>
              <strong>{opportunity.title}</strong> · {leadStageLabels[opportunity.stage]} · since{' '}
              {when(opportunity.createdAt)}
            </p>
            <p className="bo-small">
              {opportunity.leads.map((lead, index) => (
                <span key={`${lead.kind}-${lead.reference}`}>
                  {index > 0 && ', '}
                  <Link to={leadPath(lead)}>
                    {cardKindTitles[lead.kind]} {lead.reference}
                  </Link>
                </span>
              ))}
            </p>
            <ValueForm opportunity={opportunity} onChanged={onChanged} />
            <OpportunityOwnerForm opportunity={opportunity} colleagues={colleagues} onChanged={onChanged} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ValueForm({ opportunity, onChanged }: { opportunity: Opportunity; onChanged: () => Promise<void> }) {
  const [typed, setTyped] = useState(
    opportunity.valuePence === null ? '' : (opportunity.valuePence / 100).toLocaleString('en-GB'),
  );
  const { status, problems, act } = useAction(onChanged);
  const save = (event: FormEvent) => {
    event.preventDefault();
    act(() => call(setOpportunityValue, { params: { id: String(opportunity.id) }, body: { value: typed } }));
  };
  const inputId = `value-${opportunity.id}`;
  return (
    <form className="bo-inline-form" onSubmit={save}>
      <label htmlFor={inputId}>
        Value (£)<span className="visually-hidden"> of the {opportunity.title.toLowerCase()}</span>
      </label>
      <input
        id={inputId}
        inputMode="decimal"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        aria-describedby={`${inputId}-feedback`}
      />
      <button type="submit" className="button button--secondary">
        Save value
      </button>
      <div id={`${inputId}-feedback`}>
        <Feedback status={status} problems={problems} />
      </div>
    </form>
  );
}

/** Who looks after one piece of business: a colleague of its own, or the person's owner. */
function OpportunityOwnerForm({
  opportunity,
  colleagues,
  onChanged,
}: {
  opportunity: Opportunity;
  colleagues: Colleague[];
  onChanged: () => Promise<void>;
}) {
  const [owner, setOwner] = useState(opportunity.owner ? String(opportunity.owner.id) : '');
  const { status, problems, act } = useAction(onChanged);
  const save = (event: FormEvent) => {
    event.preventDefault();
    act(() =>
      call(setOpportunityOwner, {
        params: { id: String(opportunity.id) },
        body: { owner: owner === '' ? null : Number(owner) },
      }),
    );
  };
  const selectId = `opportunity-owner-${opportunity.id}`;
  return (
    <form className="bo-inline-form" onSubmit={save}>
      <label htmlFor={selectId}>
        Given to<span className="visually-hidden"> (the {opportunity.title.toLowerCase()})</span>
      </label>
      <select id={selectId} value={owner} onChange={(event) => setOwner(event.target.value)}>
        <option value="">Their owner</option>
        <ColleagueOptions colleagues={colleagues} />
      </select>
      <button type="submit" className="button button--secondary">
        Save<span className="visually-hidden"> who looks after the {opportunity.title.toLowerCase()}</span>
      </button>
      <Feedback status={status} problems={problems} />
    </form>
  );
}
