import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { call, problemText } from '#client/lib/api-client.ts';
import { useFirm } from '#client/lib/firm.tsx';
import { type ApplicationDetail, applicationLead } from '#shared/api/back-office-applications.ts';
import { type BookingDetail, bookingLead, bookingStatusLabels } from '#shared/api/back-office-bookings.ts';
import { type EnquiryDetail, enquiryLead } from '#shared/api/back-office-enquiries.ts';
import type { TimelineEntry } from '#shared/api/staged-leads.ts';
import { answerQuestions, applicationQuestions } from '#shared/application.ts';
import { type LeadStage, leadStageLabels, leadStages, noteMaxLength } from '#shared/back-office.ts';
import { enquiryDetailLines } from '#shared/enquiry-details.ts';
import { quoteRows, quoteView } from '#shared/instant-quote.ts';
import { mailtoHref } from '#shared/mailto.ts';
import type { OwnAnswer } from '#shared/questionnaire.ts';
import { diaryWords } from './adviser-words.ts';
import { CallChanges } from './CallChanges.tsx';
import { draftRestoredMessage, useKeptValue } from './drafts.ts';
import { Feedback } from './Feedback.tsx';
import { Field, PhoneNumber } from './fields.tsx';
import { when } from './format.ts';
import { NotLoaded } from './NotLoaded.tsx';
import { TimelineItem } from './PersonTimeline.tsx';
import { Link } from './router.tsx';
import { useEndpoint } from './useEndpoint.ts';

type Detail = EnquiryDetail | ApplicationDetail | BookingDetail;

/** The kinds of lead with a stage and a timeline, each opened at its name's screen. */
export const stagedLeads = [enquiryLead, applicationLead, bookingLead] as const;
type StagedLead = (typeof stagedLeads)[number];

/** One lead: everything submitted, its stage, notes and timeline; a call can be cancelled here. */
export function LeadDetail({ kind, reference }: { kind: StagedLead; reference: string }) {
  const firm = useFirm();
  const params = { reference };
  const { data: lead, problem: loadProblem, setData: setLead } = useEndpoint(kind.detail, { params });
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  /** Runs a change, shows the lead as the server now has it, and says what happened. */
  const change = async (action: () => Promise<Detail>, done: string) => {
    setProblem(null);
    setStatus('');
    try {
      setLead(await action());
      setStatus(done);
      return true;
    } catch (error) {
      setProblem(problemText(error));
      return false;
    }
  };

  if (!lead) return <NotLoaded problem={loadProblem} />;

  return (
    <article aria-labelledby="lead-title">
      <h1 id="lead-title">{title(lead)}</h1>
      <Feedback status={status} problems={problem} />
      {/* What was sent on the left; what the firm does with it (stage, notes, timeline) beside it on a
          wide screen, under it on a phone. */}
      <div className="bo-lead">
        <div className="bo-lead-details">
          <dl className="bo-fields">{fields(lead)}</dl>
          <p>
            <a className="button button--secondary" href={replyLink(lead, firm.name)}>
              Reply by email
            </a>
          </p>
          {lead.personId !== null && (
            <p>
              <Link to={`people/${lead.personId}`}>Everything from this person</Link>
            </p>
          )}
          {lead.personId !== null && 'kind' in lead && lead.kind === 'quote' && (
            <p>
              <Link to={`proposals/new?person=${lead.personId}&quote=${encodeURIComponent(lead.reference)}`}>
                Make a proposal
              </Link>
            </p>
          )}

          {'answers' in lead && (
            <section aria-labelledby="answers-title">
              <h2 id="answers-title">Answers</h2>
              <dl className="bo-fields bo-fields--stacked">
                {answerQuestions.map((name) => (
                  <Field key={name} label={askedAs(lead.answers, name) ?? applicationQuestions[name].label}>
                    {String(lead.answers[name] ?? '') || '(not given)'}
                  </Field>
                ))}
                {/* The firm's own questions, in the words they were asked in. */}
                {ownAnswersOf(lead.answers).map(({ question, answer }, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the answers' order is the questions'
                  <Field key={index} label={question}>
                    {answer || '(not given)'}
                  </Field>
                ))}
              </dl>
            </section>
          )}
        </div>

        <div className="bo-lead-work">
          {'status' in lead && lead.status === 'confirmed' && (
            <button
              type="button"
              className="button bo-danger"
              onClick={() => {
                if (
                  !window.confirm(
                    `Cancel the call on ${when(lead.startsAt)}? ${lead.email} will be told by email.`,
                  )
                )
                  return;
                void change(
                  () => call(bookingLead.cancel, { params }),
                  'Call cancelled. The visitor has been emailed.',
                );
              }}
            >
              Cancel this call
            </button>
          )}
          {'status' in lead && lead.status === 'confirmed' && new Date(lead.startsAt) > new Date() && (
            <CallChanges
              reference={reference}
              localDate={lead.localDate}
              localTime={lead.localTime}
              onChanged={async (done) => {
                await change(() => call(bookingLead.detail, { params }), done);
              }}
            />
          )}

          <StageForm
            stage={lead.stage}
            onSave={(stage) => change(() => call(kind.stage, { params, body: { stage } }), 'Stage saved.')}
          />
          <NoteForm
            draftName={`note:${kind.name}/${reference}`}
            onRestored={() => setStatus(draftRestoredMessage)}
            onAdd={(text) => change(() => call(kind.notes, { params, body: { text } }), 'Note added.')}
          />
          <Timeline entries={lead.timeline} />
        </div>
      </div>
      <LeadReference
        reference={lead.reference}
        onCopied={() => setStatus('Reference copied.')}
        onFailed={() => setProblem('The reference could not be copied: select it and copy it yourself.')}
      />
    </article>
  );
}

/** A reply in the staff member's own mail program, to the lead's address, its subject filled in. */
function replyLink(lead: Detail, firmName: string): string {
  const about =
    'kind' in lead
      ? `your ${lead.kind === 'quote' ? 'quote request' : 'enquiry'} to`
      : 'answers' in lead
        ? 'your application to'
        : 'your call with';
  return mailtoHref(lead.email, { subject: `Re: ${about} ${firmName}` });
}

function title(lead: Detail): string {
  if ('kind' in lead)
    return `${lead.details.instantQuote ? 'Instant quote' : lead.kind === 'quote' ? 'Quote request' : 'Contact enquiry'} from ${lead.name}`;
  if ('answers' in lead) return `Application from ${lead.name}`;
  return `Call on ${when(lead.startsAt)}`;
}

function fields(lead: Detail): ReactNode {
  const common = (
    <>
      <Field label="Email">
        <a href={mailtoHref(lead.email)}>{lead.email}</a>
      </Field>
      <Field label="Received">{when(lead.createdAt)}</Field>
    </>
  );
  if ('kind' in lead) {
    return (
      <>
        <Field label="Name">{lead.name}</Field>
        {common}
        <Field label="Organisation">{lead.organisation}</Field>
        <Field label="Phone">{lead.phone ? <PhoneNumber typed={lead.phone} /> : '—'}</Field>
        {lead.postcode && <Field label="Postcode">{lead.postcode}</Field>}
        <Field label="Message">
          <span className="bo-message">{lead.message}</span>
        </Field>
        {enquiryDetailLines(lead.details).map(({ label, value }) => (
          <Field key={label} label={label}>
            {value}
          </Field>
        ))}
        {lead.details.instantQuote && (
          <>
            {quoteRows(lead.details.instantQuote).map(([label, value]) => (
              // A label may repeat ("In total" for each frequency), never with the same words.
              <Field key={`${label}: ${value}`} label={label}>
                {value}
              </Field>
            ))}
            <Field label="VAT">
              {quoteView(lead.details.instantQuote.vat, lead.details.instantQuote.pricing).vatNote}
            </Field>
          </>
        )}
      </>
    );
  }
  if ('answers' in lead) {
    return (
      <>
        <Field label="Name">{lead.name}</Field>
        <Field label="Business">{lead.businessName}</Field>
        {common}
        <Field label="Website">{String(lead.answers.website ?? '') || '—'}</Field>
        <Field label="Calls booked">
          {lead.bookings.length === 0
            ? 'None yet'
            : lead.bookings.map((booking) => (
                <span key={booking.reference} className="bo-inline-list">
                  <Link to={`${bookingLead.name}/${booking.reference}`}>{when(booking.startsAt)}</Link> (
                  {bookingStatusLabels[booking.status]})
                </span>
              ))}
        </Field>
      </>
    );
  }
  return (
    <>
      <Field label="Status">
        {lead.status === 'confirmed' ? 'Confirmed' : `Cancelled ${when(lead.cancelledAt)}`}
      </Field>
      <Field label="Ends">{when(lead.endsAt)}</Field>
      <Field label="Adviser">{lead.adviser ?? '—'}</Field>
      {lead.diary && <Field label="Adviser’s calendar">{diaryWords(lead.diary)}</Field>}
      {common}
      <Field label="Video call">
        {lead.meetingUrl ? <a href={lead.meetingUrl}>{lead.meetingUrl}</a> : 'Not yet created'}
      </Field>
      <Field label="Application">
        {lead.application ? (
          <Link to={`${applicationLead.name}/${lead.application.reference}`}>
            {lead.application.name}, {lead.application.businessName}
          </Link>
        ) : (
          'Booked without the questionnaire'
        )}
      </Field>
    </>
  );
}

/**
 * The lead's reference, which staff quote to each other and to the person, kept out of the way at the
 * foot of the page: one click selects it whole, and the button copies it.
 */
function LeadReference(props: { reference: string; onCopied: () => void; onFailed: () => void }) {
  const copy = () => {
    navigator.clipboard?.writeText(props.reference).then(props.onCopied, props.onFailed) ?? props.onFailed();
  };
  return (
    <footer className="bo-reference bo-muted">
      Reference <span className="bo-reference__code">{props.reference}</span>{' '}
      <button type="button" className="button button--secondary bo-reference__copy" onClick={copy}>
        Copy<span className="visually-hidden"> the reference</span>
      </button>
    </footer>
  );
}

function StageForm({ stage, onSave }: { stage: LeadStage; onSave: (stage: LeadStage) => Promise<boolean> }) {
  const [chosen, setChosen] = useState(stage);
  useEffect(() => setChosen(stage), [stage]);
  const save = (event: FormEvent) => {
    event.preventDefault();
    void onSave(chosen);
  };
  return (
    <form className="bo-inline-form" onSubmit={save}>
      <label>
        Stage
        <select value={chosen} onChange={(event) => setChosen(event.target.value as LeadStage)}>
          {leadStages.map((value) => (
            <option key={value} value={value}>
              {leadStageLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button">
        Save stage
      </button>
    </form>
  );
}

/**
 * The note being written is kept as a draft for its lead as it is typed: if the session ends before it
 * is saved, signing in again brings it back on this page. Saved, it is forgotten.
 */
function NoteForm({
  draftName,
  onAdd,
  onRestored,
}: {
  draftName: string;
  onAdd: (text: string) => Promise<boolean>;
  onRestored: () => void;
}) {
  const [text, edit, restored, clear] = useKeptValue(draftName, '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: said once, when the form first shows
  useEffect(() => {
    if (restored) onRestored();
  }, []);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (await onAdd(text)) clear();
  };
  return (
    <form className="bo-note-form" onSubmit={add}>
      <label htmlFor="note">Add a note</label>
      <textarea
        id="note"
        value={text}
        maxLength={noteMaxLength}
        required
        rows={3}
        onChange={(event) => edit(event.target.value)}
      />
      <button type="submit" className="button">
        Add note
      </button>
    </form>
  );
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      {entries.length === 0 ? (
        <p>Nothing yet.</p>
      ) : (
        <ol className="bo-timeline">
          {entries.map((entry) => (
            <TimelineItem key={`${entry.at}-${entry.what}-${entry.detail}`} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The answers to the firm's own questions an application holds, as stored with it. */
function ownAnswersOf(answers: Record<string, unknown>): OwnAnswer[] {
  const stored = answers.ownAnswers;
  return Array.isArray(stored)
    ? stored.filter(
        (item): item is OwnAnswer => typeof item?.question === 'string' && typeof item?.answer === 'string',
      )
    : [];
}

/** The words the visitor read for a question the firm reworded, as stored with the application. */
function askedAs(answers: Record<string, unknown>, name: string): string | undefined {
  const asked = answers.askedAs;
  if (!asked || typeof asked !== 'object') return undefined;
  const words = (asked as Record<string, unknown>)[name];
  return typeof words === 'string' ? words : undefined;
}
