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

/**
 * What `text` still holds in braces, once each: a field left unfilled, or a word no field is called (an
 * owner's `{firstname}`), which would otherwise reach the client as written. The member changes each
 * before sending.
 */
export const unfilledFields = (text: string): string[] => [
  ...new Set([...text.matchAll(/\{([^{}\n]{1,40})\}/g)].map((match) => match[1] as string)),
];
