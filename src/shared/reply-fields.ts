// The fields a saved reply may hold, filled in on a person's page before the reply is sent.

export const replyFields = ['first name', 'call date', 'adviser'] as const;
export type ReplyField = (typeof replyFields)[number];

/**
 * `text` with each field ({first name}, {call date}, {adviser}) filled in from `values`. A field without a
 * value (no call booked) is left as it is written, for the member of staff to see and change before
 * sending; so is anything else in braces.
 */
export function fillReply(text: string, values: Partial<Record<ReplyField, string>>): string {
  return text.replace(
    /\{(first name|call date|adviser)\}/g,
    (field, name: ReplyField) => values[name] ?? field,
  );
}

/** The fields `text` still holds unfilled: what the member must change before sending it. */
export const unfilledFields = (text: string): ReplyField[] =>
  replyFields.filter((field) => text.includes(`{${field}}`));
