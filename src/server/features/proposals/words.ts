import { firmTimeZone } from '#shared/site-firm.ts';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: firmTimeZone,
  dateStyle: 'long',
  timeStyle: 'short',
});

/** "30 November 2026 at 12:05", in the firm's time zone: when a proposal was accepted, in words. */
export const dateTimeWords = (iso: string) => dateTime.format(new Date(iso));
