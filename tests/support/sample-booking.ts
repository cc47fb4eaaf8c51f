import type { BookingForMail } from '#server/mail/booked-call.ts';

/** A booked call as its emails are written from, for tests that render those emails. */
export const sampleBooking: BookingForMail = {
  id: 1,
  adviserName: 'Ann Fenwick',
  adviserIntroduction: 'chartered accountant for sole traders',
  reference: 'FH-7K3-Q9P',
  email: 'sam.taylor@example.com',
  startsAt: new Date('2026-12-01T09:00:00Z'),
  endsAt: new Date('2026-12-01T09:30:00Z'),
  localDate: '2026-12-01',
  localTime: '09:00',
  timeZone: 'Europe/London',
  sequence: 0,
};
