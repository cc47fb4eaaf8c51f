import { type FormEvent, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import {
  deleteSavedReply,
  listSavedReplies,
  type SavedReply,
  saveSavedReply,
} from '#shared/api/back-office-replies.ts';
import { replyFields } from '#shared/reply-fields.ts';
import { Feedback } from './Feedback.tsx';
import { ReplyFields } from './ReplyFields.tsx';
import { useAction } from './useAction.ts';
import { useEndpoint } from './useEndpoint.ts';

/** The owners' saved replies: the firm's wording, with fields each person's page fills in. */
export function SavedRepliesEditor() {
  const list = useEndpoint(listSavedReplies, {});
  const reload = async () => {
    await list.reload();
  };
  return (
    <section aria-labelledby="saved-replies-title">
      <h1 id="saved-replies-title">Saved replies</h1>
      <p>
        Wording to start an email to a person from, on their page. Write{' '}
        {replyFields.map((field, index) => (
          <span key={field}>
            {index > 0 && (index === replyFields.length - 1 ? ' or ' : ', ')}
            <code>{`{${field}}`}</code>
          </span>
        ))}{' '}
        where their first name, their next call’s date and time, or its adviser should go.
      </p>
      {list.problem && (
        <p className="bo-problem" role="alert">
          {list.problem}
        </p>
      )}
      {(list.data ?? []).map((reply) => (
        <SavedReplyForm
          key={`${reply.id}-${reply.title}-${reply.subject}`}
          reply={reply}
          onChanged={reload}
        />
      ))}
      <SavedReplyForm key={`new-${list.data?.length}`} reply={null} onChanged={reload} />
    </section>
  );
}

function SavedReplyForm({ reply, onChanged }: { reply: SavedReply | null; onChanged: () => Promise<void> }) {
  const [title, setTitle] = useState(reply?.title ?? '');
  const [subject, setSubject] = useState(reply?.subject ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const { status, problems, act } = useAction(onChanged);
  const heading = reply ? reply.title : 'A new saved reply';
  const headingId = `saved-reply-${reply?.id ?? 'new'}`;
  const save = (event: FormEvent) => {
    event.preventDefault();
    act(() => call(saveSavedReply, { body: { ...(reply && { id: reply.id }), title, subject, body } }));
  };
  return (
    <form className="bo-task-form bo-saved-reply" aria-labelledby={headingId} onSubmit={save}>
      <h2 id={headingId}>{heading}</h2>
      <Feedback status={status} problems={problems} />
      <label>
        Name
        <input required maxLength={80} value={title} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <ReplyFields subject={subject} body={body} onSubject={setSubject} onBody={setBody} rows={6} />
      <div className="bo-actions">
        <button type="submit" className="button">
          {reply ? 'Save changes' : 'Add saved reply'}
        </button>
        {reply && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              if (window.confirm(`Delete the saved reply “${reply.title}”?`)) {
                act(() => call(deleteSavedReply, { params: { id: String(reply.id) } }));
              }
            }}
          >
            Delete<span className="visually-hidden"> {reply.title}</span>
          </button>
        )}
      </div>
    </form>
  );
}
