import {
  bookCallSchema,
  bookingMessages,
  chosenAdviserField,
  chosenAdviserQuery,
  timeSlotSchema,
  timesForDateRequestSchema,
} from '../booking.ts';
import { publicCalendarSettingsSchema } from '../booking-settings.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, htmlPage, refusal } from './endpoint.ts';

// The booking calendar: the settings it draws, the free times of a day, the booking itself, and the
// cancel link each confirmation email carries.

/** How a booked call's video link reaches the visitor, which the confirmation in the modal tells. */
export const videoLinkSchema = z.enum(['zoom', 'room', 'later']);
export type VideoLink = z.infer<typeof videoLinkSchema>;

const tooMany = refusal.describe('Too many requests from this address in a minute.');

export const bookingSettings = endpoint({
  method: 'GET',
  path: '/api/booking-settings',
  access: 'public',
  tag: 'Booking',
  summary: 'The booking calendar’s settings: days offered, closed dates, the firm’s time zone',
  query: z.object({
    adviser: chosenAdviserQuery.describe(
      'One adviser’s calendar (a team member’s "Book a call with …"): their days, closed dates and call length.',
    ),
  }),
  answers: {
    200: publicCalendarSettingsSchema
      .extend({
        videoLink: videoLinkSchema.describe(
          'How a booked call’s video link reaches the visitor: "zoom", a Zoom meeting made for the call; ' +
            '"room", the firm’s fixed meeting room; "later", none is set up, so the firm emails one.',
        ),
      })
      .describe('What the calendar offers, as the firm set it.'),
    429: tooMany,
  },
});

export const timesForDate = endpoint({
  method: 'POST',
  path: '/api/gettimesfordate',
  access: 'public',
  tag: 'Booking',
  summary: 'The free start times of one day (month 1 to 12)',
  body: timesForDateRequestSchema,
  answers: {
    200: z
      .array(timeSlotSchema)
      .describe('The free start times, in the firm’s time zone; empty on a closed day.'),
    422: refusal.describe(
      'A field is missing or wrong, or the date does not exist: one message per problem.',
    ),
    429: tooMany,
  },
});

export const datesForMonthRequestSchema = z.object({
  year: timesForDateRequestSchema.shape.year,
  month: timesForDateRequestSchema.shape.month,
  apptType: timesForDateRequestSchema.shape.apptType,
  adviser: chosenAdviserField,
});

export const datesForMonth = endpoint({
  method: 'POST',
  path: '/api/getdaysformonth',
  access: 'public',
  tag: 'Booking',
  summary: 'The days of one month (1 to 12) that have a free time, so the calendar offers only those',
  body: datesForMonthRequestSchema,
  answers: {
    200: z
      .object({
        availableDates: z
          .array(z.string())
          .describe(
            'ISO dates of the month, earliest first, on which /api/gettimesfordate answers at least one time; ' +
              'closed, blocked, bank holiday and fully booked days are left out.',
          ),
      })
      .describe('The month’s days with a free time.'),
    422: refusal.describe('A field is missing or wrong: one message per problem.'),
    429: tooMany,
  },
});

export const bookCall = endpoint({
  method: 'POST',
  path: '/forms/book-call-form',
  access: 'public',
  tag: 'Booking',
  summary: 'Book an initial call (selectedMonth 0 to 11)',
  description:
    'Books the slot and emails the visitor a calendar invitation with a link to cancel, and the staff a notice.',
  body: bookCallSchema,
  answers: {
    201: formAnswerSchema.describe(`Booked: infoMessages is ["${bookingMessages.booked}"].`),
    403: refusal.describe('The bot check failed, or the form was sent from another website.'),
    409: refusal.describe(`The slot was taken meanwhile: errorMessages is ["${bookingMessages.slotTaken}"].`),
    422: refusal.describe(
      'A field is missing or wrong, the time is not offered, or applicationReference matches no application: one message per problem.',
    ),
    429: refusal.describe(
      'Too many requests from this address in a minute, or this email address or connection has reached its limit of calls.',
    ),
  },
});

/** Where a confirmation email's cancel link leads: the page asks, its button posts to the same address. */
const cancelPath = '/bookings/cancel';

/** The cancel token of a confirmation email's link; anything else reads as no token. */
const cancelToken = z.string().optional().catch(undefined);

export const cancelBookingPage = endpoint({
  method: 'GET',
  path: cancelPath,
  access: 'public',
  tag: 'Booking',
  summary: 'The page a confirmation email’s cancel link opens, asking the visitor to confirm',
  query: z.object({ token: cancelToken }),
  answers: {
    200: htmlPage('The call and a button that cancels it, or that the call is already cancelled.'),
    404: htmlPage('The link is not recognised.'),
  },
});

export const cancelBooking = endpoint({
  method: 'POST',
  path: cancelPath,
  access: 'public',
  formPost: true,
  tag: 'Booking',
  summary: 'Cancel a call, as the cancel page’s button posts it (a form post from the site’s own page)',
  description:
    'Frees the slot and emails the visitor a cancelling invitation. Posting again answers the same page.',
  // A body of any other shape reads as no token, so it meets the same page as an unknown link.
  body: z
    .object({ token: cancelToken })
    .catch({ token: undefined })
    .describe('The cancel page’s form, { token }, usually sent as application/x-www-form-urlencoded.'),
  answers: {
    200: htmlPage('The call is cancelled.'),
    403: htmlPage('Not posted from the site’s own page.'),
    404: htmlPage('The link is not recognised.'),
    429: tooMany,
  },
});
