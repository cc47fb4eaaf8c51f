import type { VideoLink } from '#shared/api/booking.ts';
import { applicationMessages } from '#shared/application.ts';

/**
 * What the visitor is told about the booked call's video link, as the site is set up: a Zoom meeting
 * made for the call, the firm's fixed room (its link is in the confirmation email), or none set up yet.
 */
export function videoLinkMessage(videoLink: VideoLink | undefined, email: string): string {
  if (videoLink === 'zoom') return applicationMessages.zoomLink(email);
  if (videoLink === 'room') return `You'll get the video link sent to ${email}`;
  return "We'll email you the video link";
}
