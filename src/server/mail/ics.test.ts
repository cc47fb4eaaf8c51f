import { expect, it } from 'vitest';
import { buildInvitation, fillMeetingLink, replaceInInvitation } from './ics.ts';

const call = {
  method: 'REQUEST' as const,
  uid: 'booking-abc@fenwickhale.co.uk',
  sequence: 0,
  start: new Date('2026-12-01T09:00:00Z'),
  end: new Date('2026-12-01T09:30:00Z'),
  summary: 'Initial call with Fenwick & Hale',
  description: 'Join on Zoom: https://zoom.us/j/123; we look forward to it, truly.\nSecond line',
  location: 'https://zoom.us/j/123',
  organizer: { name: 'Fenwick & Hale', email: 'hello@fenwickhale.co.uk' },
  attendee: 'visitor@example.com',
  stamp: new Date('2026-11-21T10:00:00Z'),
};

it('writes an invitation calendar clients accept', () => {
  const ics = buildInvitation(call);
  const lines = ics.split('\r\n');
  expect(lines).toContain('METHOD:REQUEST');
  expect(lines).toContain('UID:booking-abc@fenwickhale.co.uk');
  expect(lines).toContain('DTSTART:20261201T090000Z');
  expect(lines).toContain('DTEND:20261201T093000Z');
  expect(lines).toContain('STATUS:CONFIRMED');
  expect(ics.replace(/\r\n /g, '')).toContain(
    'DESCRIPTION:Join on Zoom: https://zoom.us/j/123\\; we look forward to it\\, truly.\\nSecond line',
  );
  expect(ics.endsWith('\r\n')).toBe(true);
  for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
});

it('cancels with the same UID and a higher sequence', () => {
  const ics = buildInvitation({ ...call, method: 'CANCEL', sequence: 1 });
  expect(ics).toContain('METHOD:CANCEL');
  expect(ics).toContain('STATUS:CANCELLED');
  expect(ics).toContain('SEQUENCE:1');
  expect(ics).toContain('UID:booking-abc@fenwickhale.co.uk');
});

it('fills in a value folded across lines and folds again', () => {
  const ics = buildInvitation({
    ...call,
    description: `${'x'.repeat(60)} {{meetingUrl}} end`,
    location: '{{meetingUrl}}',
  });
  const filled = replaceInInvitation(ics, '{{meetingUrl}}', 'https://zoom.us/j/98765432100?pwd=abc,def');
  const unfolded = filled.replace(/\r\n /g, '');
  expect(unfolded).toContain(`DESCRIPTION:${'x'.repeat(60)} https://zoom.us/j/98765432100?pwd=abc\\,def end`);
  expect(unfolded).toContain('LOCATION:https://zoom.us/j/98765432100?pwd=abc\\,def');
  for (const line of filled.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
});

it('asks the attendee of an emailed invitation to act, and without a link leaves LOCATION out', () => {
  const token = '{{meetingUrl}}';
  const ics = buildInvitation({ ...call, description: `Video call: ${token}`, location: token });
  expect(ics).toContain('PARTSTAT=NEEDS-ACTION');
  const withLink = fillMeetingLink(ics, token, 'https://zoom.us/j/9', 'later').replace(/\r\n /g, '');
  expect(withLink).toContain('LOCATION:https://zoom.us/j/9');
  expect(withLink).toContain('DESCRIPTION:Video call: https://zoom.us/j/9');
  const without = fillMeetingLink(ics, token, null, "We'll email you the video link").replace(/\r\n /g, '');
  expect(without).not.toContain('LOCATION');
  expect(without).toContain("DESCRIPTION:Video call: We'll email you the video link");
  expect(without).not.toContain(token);
});
