import { type FormEvent, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import {
  type Opportunity,
  type PersonDetail as Person,
  type PersonTimelineEntry,
  personDetail,
  setOpportunityValue,
} from '#shared/api/back-office-people.ts';
import { cardKindTitles } from '#shared/api/back-office-pipeline.ts';
import { subscriberList } from '#shared/api/back-office-subscribers.ts';
import { type LeadStage, leadStageLabels } from '#shared/back-office.ts';
import { subscriberStatusLabels } from '#shared/consent-words.ts';
import { leadPath } from './card-leads.ts';
import { Feedback } from './Feedback.tsx';
import { Field, PhoneNumber } from './fields.tsx';
import { when } from './format.ts';
import { PersonTasks } from './PersonTasks.tsx';
import { ReplyForm } from './ReplyForm.tsx';
import { Link } from './router.tsx';
import { ScrollBox } from './ScrollBox.tsx';
import { useAction } from './useAction.ts';
import { useEndpoint } from './useEndpoint.ts';

/**
 * One person: their details, each of their leads, and one timeline of everything that happened to any of
 * them, newest first (decision 028).
 */
export function PersonDetail({ id }: { id: string }) {
  const { data: person, problem, reload } = useEndpoint(personDetail, { params: { id } });
  if (!person) {
    return problem ? (
      <p className="bo-problem" role="alert">
        {problem}
      </p>
    ) : (
      <p>Loading…</p>
    );
  }
  return (
    <article aria-labelledby="person-title">
      <h1 id="person-title">{person.name ?? person.email}</h1>
      <div className="bo-lead">
        <div className="bo-lead-details">
          <dl className="bo-fields">
            <Field label="Email">
              <a href={`mailto:${person.email}`}>{person.email}</a>
            </Field>
            <Field label="Phone">{person.phone ? <PhoneNumber typed={person.phone} /> : '—'}</Field>
            <Field label="Organisation">{person.organisation ?? '—'}</Field>
            <Field label="First in touch">{when(person.createdAt)}</Field>
            <Field label="Mailing list">
              {person.subscriber ? (
                <Link to={`${subscriberList.name}/${encodeURIComponent(person.email)}`}>
                  {subscriberStatusLabels[person.subscriber.status]}
                </Link>
              ) : (
                'Not signed up'
              )}
            </Field>
          </dl>
          <Leads leads={person.leads} />
        </div>
        <div className="bo-lead-work">
          <ReplyForm
            person={person}
            onSent={async () => {
              await reload();
            }}
          />
          <PersonTasks
            person={person}
            onChanged={async () => {
              await reload();
            }}
          />
          <NewBusiness
            opportunities={person.opportunities}
            onChanged={async () => {
              await reload();
            }}
          />
          <Timeline entries={person.timeline} />
        </div>
      </div>
    </article>
  );
}

function Leads({ leads }: { leads: Person['leads'] }) {
  return (
    <section aria-labelledby="person-leads-title">
      <h2 id="person-leads-title">Leads</h2>
      {leads.length === 0 ? (
        <p>None kept: they may have been erased.</p>
      ) : (
        <ScrollBox label="Each of their leads">
          <table className="bo-table bo-table--cards">
            <thead>
              <tr>
                <th scope="col">Lead</th>
                <th scope="col">About</th>
                <th scope="col">Stage</th>
                <th scope="col">Received</th>
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <tr key={`${lead.kind}-${lead.reference}`}>
                  <td data-label="Lead">
                    <Link to={leadPath(lead)}>
                      {cardKindTitles[lead.kind]} {lead.reference}
                    </Link>
                  </td>
                  <td data-label="About">{lead.summary}</td>
                  <td data-label="Stage">{leadStageLabels[lead.stage]}</td>
                  <td data-label="Received">{when(lead.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}

/** Each piece of new business: what it is, its stage and leads, and what it is worth (which staff set). */
function NewBusiness({
  opportunities,
  onChanged,
}: {
  opportunities: Person['opportunities'];
  onChanged: () => Promise<void>;
}) {
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

const timelineLabels: Record<PersonTimelineEntry['what'], string> = {
  received: 'Received',
  email: 'Email',
  reply: 'Reply',
  note: 'Note',
  stage: 'Stage',
  cancelled: 'Cancelled',
  rescheduled: 'Rescheduled',
  reassigned: 'Reassigned',
  consent: 'Mailing list',
};

function Timeline({ entries }: { entries: PersonTimelineEntry[] }) {
  return (
    <section aria-labelledby="person-timeline-title">
      <h2 id="person-timeline-title">Timeline</h2>
      <ol className="bo-timeline">
        {entries.map((entry) => (
          <li key={`${entry.at}-${entry.what}-${entry.lead?.reference}-${entry.detail}`}>
            <time dateTime={entry.at}>{when(entry.at)}</time> <strong>{timelineLabels[entry.what]}</strong>
            {entry.lead && (
              <>
                {' '}
                <Link to={leadPath(entry.lead)}>
                  {cardKindTitles[entry.lead.kind]} {entry.lead.reference}
                </Link>
              </>
            )}
            {entry.by && <span className="bo-muted"> by {entry.by}</span>}
            <p className="bo-message">
              {entry.what === 'stage' ? leadStageLabels[entry.detail as LeadStage] : entry.detail}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
