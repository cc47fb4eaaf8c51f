// Hostile input for the bad-input test: strings and values no field may take, bodies broken in every
// usual way, and the same for query strings and path parameters.
import { buildBookCallPayload } from '#shared/booking.ts';
import { validApplication } from './applications.ts';
import { contact, quote } from './enquiries.ts';

const marker = 'fuzz☠';
export const hostileStrings = [
  `${marker}\u0000nul`,
  `${marker}\r\nBcc: evil@example.com`,
  `<script>alert("${marker}")</script>`,
  `${marker}\ud800`, // a lone surrogate
  `${marker}\u202e\u200b\u0007`,
  `${marker}${'é'.repeat(5000)}`,
  `${marker}'; drop table users; --`,
  `../../${marker}`,
  `${marker}%00%E0%A4%A`,
  ' ',
];
const hostileValues: unknown[] = [
  ...hostileStrings,
  null,
  1e308,
  -1,
  3.5,
  true,
  [],
  [marker],
  {},
  { $gt: '' },
  { nested: { deep: [marker] } },
];

/** Percent-encodes a value; a lone surrogate, which has no UTF-8 form, becomes the bytes a broken client would send. */
export const encode = (value: string) =>
  encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ue000')).replaceAll('%EE%80%80', '%ED%A0%80');

/** Every field name the site's forms and APIs read, gathered from real payloads, plus a few more. */
const fieldNames = [
  ...new Set([
    ...Object.keys(contact('a@b.co')),
    ...Object.keys(quote('a@b.co')),
    ...Object.keys(validApplication),
    ...Object.keys(
      buildBookCallPayload({ year: 2030, month: 0, day: 7 }, { startHour: 9, startMinute: 0 }, 'a@b.co'),
    ),
    ...[
      'year',
      'month',
      'day',
      'apptType',
      'p',
      'rememberMe',
      'token',
      'formToken',
      'email',
      'stage',
      'text',
    ],
    ...['date', 'reason', 'callMinutes', 'workingHours', 'timeZone', 'ignoreDays', 'company'],
  ]),
];

const hostileObject = (rotation: number) =>
  Object.fromEntries(
    fieldNames.map((name, i) => [name, hostileValues[(i + rotation) % hostileValues.length]]),
  );

export interface Probe {
  label: string;
  contentType?: string;
  body?: string | Uint8Array<ArrayBuffer>;
  /** The answer every route owes it before reading a field (400, 413, 415), when its address is sound. */
  status?: number;
}

const jsonProbe = (label: string, value: unknown): Probe => ({
  label,
  contentType: 'application/json',
  body: JSON.stringify(value),
});

export const bodyProbes: Probe[] = [
  { label: 'malformed JSON', contentType: 'application/json', body: '{"emailAddress":', status: 400 },
  { label: 'empty JSON body', contentType: 'application/json', body: '' },
  {
    label: 'bytes that are not UTF-8',
    contentType: 'application/json',
    body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  },
  ...['null', '[]', '"text"', '42'].map((body) => ({
    label: `JSON ${body}`,
    contentType: 'application/json',
    body,
  })),
  jsonProbe('no fields', {}),
  ...hostileValues.map((_, rotation) =>
    jsonProbe(`every field hostile (rotation ${rotation})`, hostileObject(rotation)),
  ),
  // The back office's small bodies refuse unknown fields, so each of their fields gets hostile values alone.
  ...['text', 'email', 'stage', 'date', 'reason', 'emailAddress'].flatMap((name) =>
    hostileStrings.map((value, i) => jsonProbe(`${name} hostile (${i})`, { [name]: value })),
  ),
  {
    label: 'prototype pollution',
    contentType: 'application/json',
    body: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},"emailAddress":"${marker}"}`,
  },
  {
    label: 'deep nesting',
    contentType: 'application/json',
    body: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  },
  {
    label: 'oversized',
    contentType: 'application/json',
    body: JSON.stringify({ message: 'x'.repeat(70 * 1024) }),
    status: 413,
  },
  { label: 'plain text', contentType: 'text/plain', body: `${marker}\r\n` },
  { label: 'XML', contentType: 'application/xml', body: `<a>${marker}</a>`, status: 415 },
  {
    label: 'hostile form post',
    contentType: 'application/x-www-form-urlencoded',
    body: `${fieldNames.map((name, i) => `${name}=${encode(hostileStrings[i % hostileStrings.length] as string)}`).join('&')}&a[b][c]=1&emailAddress=%00&emailAddress=x`,
  },
];

/** Each field of the page forms hostile on its own, with a good form token and a hashed password. */
export const pageFormProbes = (formToken: string) =>
  ['emailAddress', 'token', 'rememberMe'].flatMap((name) =>
    hostileStrings.map((value, i) =>
      jsonProbe(`page form ${name} hostile (${i})`, { formToken, p: 'a'.repeat(128), [name]: value }),
    ),
  );

export const hostileQuery = (rotation: number) =>
  ['token', 'q', 'from', 'to', 'after', 'stage', 'status', 'order', 'when', 'action', 'notice']
    .map((name, i) => `${name}=${encode(hostileStrings[(i + rotation) % hostileStrings.length] as string)}`)
    .join('&');
