import { replyBodyField, replySubjectField } from '#shared/api/back-office-replies.ts';

/** The subject and message of an email to a person: a reply on their page, or a saved reply's wording. */
export function ReplyFields({
  subject,
  body,
  onSubject,
  onBody,
  rows,
}: {
  subject: string;
  body: string;
  onSubject: (subject: string) => void;
  onBody: (body: string) => void;
  rows: number;
}) {
  return (
    <>
      <label>
        {replySubjectField.label}
        <input
          required
          maxLength={replySubjectField.max}
          value={subject}
          onChange={(event) => onSubject(event.target.value)}
        />
      </label>
      <label>
        {replyBodyField.label}
        <textarea
          required
          rows={rows}
          maxLength={replyBodyField.max}
          value={body}
          onChange={(event) => onBody(event.target.value)}
        />
      </label>
    </>
  );
}
