import { cardKindTitles } from '#shared/api/back-office-pipeline.ts';
import { tasksShown } from '#shared/api/back-office-tasks.ts';
import { backOfficeToday, todayCountsUpTo } from '#shared/api/back-office-today.ts';
import { leadPath } from './card-leads.ts';
import { when } from './format.ts';
import { NotLoaded } from './NotLoaded.tsx';
import { Link } from './router.tsx';
import { TaskList } from './TaskList.tsx';
import { useEndpoint } from './useEndpoint.ts';

/**
 * What needs you today: leads new since your last visit, people waiting longer than the firm promises
 * to reply, today's and tomorrow's calls, and your tasks due.
 */
export function Today() {
  const today = useEndpoint(backOfficeToday, {});
  const { data } = today;
  if (!data) return <NotLoaded problem={today.problem} />;
  const { newLeads, unanswered, calls, tasks } = data;
  return (
    <div className="bo-today">
      <section aria-labelledby="today-new-title">
        <h2 id="today-new-title">New since your last visit ({counted(newLeads.total)})</h2>
        {newLeads.leads.length === 0 ? (
          <p>{newLeads.since ? 'Nothing new.' : 'Everything is new on a first visit: see the lists.'}</p>
        ) : (
          <ul className="bo-today-list">
            {newLeads.leads.map((lead) => (
              <li key={`${lead.kind}-${lead.reference}`}>
                <Link to={leadPath(lead)}>{lead.name || lead.reference}</Link>{' '}
                <span className="bo-muted bo-small">
                  {cardKindTitles[lead.kind]}, {when(lead.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="today-waiting-title">
        <h2 id="today-waiting-title">Waiting for a reply ({counted(unanswered.total)})</h2>
        <p className="bo-small bo-muted">
          New business nobody has replied to or moved on from New, for longer than the firm promises:{' '}
          {unanswered.assumed
            ? `“${unanswered.promise || 'no promise given'}” gives no length, so one working day.`
            : `“${unanswered.promise}”.`}
        </p>
        {unanswered.people.length === 0 ? (
          <p>Nobody is waiting.</p>
        ) : (
          <ul className="bo-today-list">
            {unanswered.people.map((person) => (
              <li key={person.id}>
                <Link to={`people/${person.id}`}>{person.name}</Link>{' '}
                <span className="bo-muted bo-small">waiting since {when(person.waitingSince)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="today-calls-title">
        <h2 id="today-calls-title">Calls today and tomorrow ({calls.length})</h2>
        {calls.length === 0 ? (
          <p>No calls.</p>
        ) : (
          <ul className="bo-today-list">
            {calls.map((call) => (
              <li key={call.reference}>
                <time dateTime={call.startsAt}>{when(call.startsAt)}</time>{' '}
                <Link to={leadPath({ kind: 'call', reference: call.reference })}>{call.name}</Link>
                {call.adviser && <span className="bo-muted bo-small"> with {call.adviser}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="today-tasks-title">
        <h2 id="today-tasks-title">
          Your tasks due ({tasks.length >= tasksShown ? `the ${tasksShown} soonest` : tasks.length})
        </h2>
        <TaskList
          tasks={tasks}
          onChanged={async () => {
            await today.reload();
          }}
          showPerson
        />
      </section>
    </div>
  );
}

/** A count Today made up to its limit: "1,000 or more" when it reached it. */
const counted = (total: number) =>
  total >= todayCountsUpTo ? `${todayCountsUpTo.toLocaleString('en-GB')} or more` : String(total);
