// The booking feature as other parts of the server see it: the calendar, its calls, and its settings.

export { registerCallChangeStaffRoutes } from './change-routes.ts';
export { bookingLeads, type CallCancelled } from './lead-kind.ts';
export { bookingMailPreparer, withMeetingLink } from './meeting-links.ts';
export { fixedMeetingRoom, type MeetingProvider, zoomMeetings } from './meetings.ts';
export { bookingsBookedFrom } from './queries.ts';
export { bookingPlugin } from './routes.ts';
export { type BookingCalendarHooks, type BookingService, createBookingService } from './service.ts';
export { sourceAddressHasher } from './source-address.ts';
