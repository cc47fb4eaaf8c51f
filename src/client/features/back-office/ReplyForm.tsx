import { type FormEvent, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import type { PersonDetail } from '#shared/api/back-office-people.ts';
import { listSavedReplies, sendReply } from '#shared/api/back-office-replies.ts';
import { fillReply, unfilledFields } from '#shared/reply-fields.ts';
import { Feedback } from './Feedback.tsx';
import { ReplyFields } from './ReplyFields.tsx';
import { useAction } from './useAction.ts';
import { useEndpoint } from './useEndpoint.ts';

/**
 * An email to the person, from the firm's address with replies coming to you, kept on their timeline. A
 * saved reply fills in the subject and message, its fields taken from the person and their next call.
 */
export function ReplyForm({ person, onSent }: { person: PersonDetail; onSent: () => Promise<void> }) {
  const saved = useEndpoint(listSavedReplies, {}).data ?? [];
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const { status, problems, act } = useAction(async () => {
    setSubject('');
    setBody('');
    await onSent();
  });
  const values = {
    ...(person.name && { 'first name': person.name.split(/\s+/)[0] }),
    ...(person.nextCall && { 'call date': person.nextCall.when }),
    ...(person.nextCall?.adviser && { adviser: person.nextCall.adviser }),
  };
  const startFrom = (id: string) => {
    const chosen = saved.find((reply) => String(reply.id) === id);
    if (!chosen) return;
    setSubject(fillReply(chosen.subject, values));
    setBody(fillReply(chosen.body, values));
  };
  const unfilled = unfilledFields(`${subject} ${body}`);
  const send = (event: FormEvent) => {
    event.preventDefault();
    act(() => call(sendReply, { params: { id: String(person.id) }, body: { subject, body } }));
  };
  return (
    <section aria-labelledby="reply-title">
      <h2 id="reply-title">Reply by email</h2>
      <form className="bo-task-form" onSubmit={send}>
        <Feedback status={status} problems={problems} />
        {saved.length > 0 && (
          <label>
            Start from a saved reply
            <select value="" onChange={(event) => startFrom(event.target.value)}>
              <option value="">Choose one…</option>
              {saved.map((reply) => (
                <option key={reply.id} value={reply.id}>
                  {reply.title}
                </option>
              ))}
            </select>
          </label>
        )}
        <ReplyFields subject={subject} body={body} onSubject={setSubject} onBody={setBody} rows={8} />
        {unfilled.length > 0 && (
          <p className="bo-problem" role="status">
            Fill in {unfilled.map((field) => `{${field}}`).join(', ')} before sending: we do not know it.
          </p>
        )}
        <p className="bo-small bo-muted">
          It goes from the firm’s address to {person.email}; their answer comes to you.
        </p>
        <button type="submit" className="button">
          Send reply
        </button>
      </form>
    </section>
  );
}
