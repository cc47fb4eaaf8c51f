import type { PersonTimelineEntry } from '#shared/api/back-office-people.ts';
import { cardKindTitles } from '#shared/api/back-office-pipeline.ts';
import { type LeadStage, leadStageLabels } from '#shared/back-office.ts';
import { leadPath } from './card-leads.ts';
import { when } from './format.ts';
import { Link } from './router.tsx';

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
  merged: 'Merged',
  unmerged: 'Merge undone',
  details: 'Details',
  assigned: 'Given',
  proposal: 'Proposal',
  'due-diligence': 'Due diligence',
};

/** Everything that happened to a person and to any of their leads, newest first. */
export function PersonTimeline({ entries }: { entries: PersonTimelineEntry[] }) {
  return (
    <section aria-labelledby="person-timeline-title">
      <h2 id="person-timeline-title">Timeline</h2>
      <ol className="bo-timeline">
        {entries.map((entry) => (
          <TimelineItem
            key={`${entry.at}-${entry.what}-${entry.lead?.reference}-${entry.detail}`}
            entry={entry}
          />
        ))}
      </ol>
    </section>
  );
}

/** One line of a timeline, a person's or a lead's: when, what, the lead it is about, by whom, and the words. */
export function TimelineItem({
  entry,
}: {
  entry: Pick<PersonTimelineEntry, 'at' | 'what' | 'by' | 'detail'> & { lead?: PersonTimelineEntry['lead'] };
}) {
  return (
    <li>
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
  );
}
