import { type PersonDetail as Person, personDetail } from '#shared/api/back-office-people.ts';
import { cardKindTitles } from '#shared/api/back-office-pipeline.ts';
import { subscriberList } from '#shared/api/back-office-subscribers.ts';
import { leadStageLabels } from '#shared/back-office.ts';
import { subscriberStatusLabels } from '#shared/consent-words.ts';
import { leadPath } from './card-leads.ts';
import { DueDiligence } from './DueDiligence.tsx';
import { Field, PhoneNumber } from './fields.tsx';
import { when } from './format.ts';
import { NewBusiness } from './NewBusiness.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { PersonDetailsForm } from './PersonDetailsForm.tsx';
import { PersonMerges } from './PersonMerges.tsx';
import { PersonProposals } from './PersonProposals.tsx';
import { PersonTasks } from './PersonTasks.tsx';
import { PersonTimeline } from './PersonTimeline.tsx';
import { ReplyForm } from './ReplyForm.tsx';
import { Link } from './router.tsx';
import { ScrollBox } from './ScrollBox.tsx';
import { useEndpoint } from './useEndpoint.ts';

/**
 * One person: their details, each of their leads, and one timeline of everything that happened to any of
 * them, newest first (decision 028).
 */
export function PersonDetail({ id }: { id: string }) {
  const { data: person, problem, reload } = useEndpoint(personDetail, { params: { id } });
  if (!person) return <NotLoaded problem={problem} />;
  if (person.mergedInto !== null) {
    return (
      <article aria-labelledby="person-title">
        <h1 id="person-title">{person.name ?? person.email}</h1>
        <p>
          This record was merged into another, which holds everything of theirs now.{' '}
          <Link to={`people/${person.mergedInto}`}>Open that record</Link>
        </p>
      </article>
    );
  }
  const changed = async () => {
    await reload();
  };
  return (
    <article aria-labelledby="person-title">
      <h1 id="person-title">{person.name ?? person.email}</h1>
      <div className="bo-lead">
        <div className="bo-lead-details">
          <dl className="bo-fields">
            <Field label="Email">
              <a href={`mailto:${person.email}`}>{person.email}</a>
            </Field>
            {person.alsoFrom.length > 0 && (
              <Field label="Also writes from">
                {person.alsoFrom.map((address, index) => (
                  <span key={address}>
                    {index > 0 && ', '}
                    <a href={`mailto:${address}`}>{address}</a>
                  </span>
                ))}
              </Field>
            )}
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
          <PersonDetailsForm person={person} onChanged={changed} />
          <Leads leads={person.leads} />
          <PersonMerges person={person} onChanged={changed} />
        </div>
        <div className="bo-lead-work">
          <ReplyForm person={person} onSent={changed} />
          <PersonTasks person={person} onChanged={changed} />
          <DueDiligence personId={person.id} onChanged={changed} />
          <NewBusiness opportunities={person.opportunities} onChanged={changed} />
          <PersonProposals personId={person.id} />
          <PersonTimeline entries={person.timeline} />
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
