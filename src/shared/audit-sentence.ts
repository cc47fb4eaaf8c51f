import { firmTimeZone } from '#shared/site-firm.ts';
import { type AuditAction, noAccountSubject } from './audit.ts';
import { erasedCounts } from './erasure-words.ts';
import { confirmedSubscribers } from './newsletter.ts';

// An audit entry as a sentence a partner reads ("ann@… exported the data held on bob@…"), built from who
// acted, what they did, to what, and the entry's detail, rather than the action's code.

/** An entry of the audit log as the back office receives it: `detail` is the JSON recorded. */
export interface AuditEntryFacts {
  action: string;
  subject: string;
  detail: string;
  /** Who acted, by address; null when nobody was signed in. */
  by: string | null;
}

/** The entry in one sentence. Every action has its own words; the type check fails until a new one does. */
export function auditSentence(entry: AuditEntryFacts): string {
  const { subject } = entry;
  const detail = detailOf(entry.detail);
  const actor = entry.by ?? (detail.via === 'command line' ? 'Someone at the command line' : 'Someone');
  const action = entry.action as AuditAction;
  switch (action) {
    case 'sign-in.succeeded':
      return `${entry.by ?? subject} signed in${detail.session === 'remembered' ? ', staying signed in on that device' : ''}`;
    case 'sign-in.failed':
      return subject === noAccountSubject
        ? 'Someone failed to sign in with an address that has no account'
        : `Someone failed to sign in as ${subject}`;
    case 'sign-in.throttled': {
      const reason = typeof detail.reason === 'string' ? `: ${detail.reason}` : '';
      const until = typeof detail.until === 'string' ? ` (until ${instant(detail.until)})` : '';
      const as = subject === noAccountSubject ? 'with an address that has no account' : `as ${subject}`;
      return `Sign-ins ${as} were slowed down${reason}${until}`;
    }
    case 'signed-out':
      return `${entry.by ?? subject} signed out`;
    case 'password.reset-link-sent':
      return `A link to set a new password was sent to ${subject}`;
    case 'password.set':
      return `${subject} set a password with ${detail.link === 'invitation' ? 'their invitation' : 'a reset link'}`;
    case 'staff.invited':
      return detail.via === 'set-up page'
        ? `${subject} was made the first owner with the set-up link`
        : `${actor} invited ${subject}`;
    case 'staff.disabled':
      return `${actor} disabled ${subject}`;
    case 'staff.enabled':
      return `${actor} enabled ${subject} again`;
    case 'staff.renamed':
      return typeof detail.from === 'string'
        ? `${actor} renamed ${subject} from ${detail.from} to ${detail.name}`
        : `${actor} named ${subject} ${detail.name}`;
    case 'staff.role-changed':
      return detail.role === 'owner'
        ? `${actor} made ${subject} an owner`
        : `${actor} made ${subject} staff (leads and drafts)`;
    case 'staff.availability-changed':
      return detail.allowed
        ? `${actor} let ${subject} manage availability`
        : `${actor} stopped ${subject} managing availability`;
    case 'price-list.saved':
      return `${actor} saved version ${detail.version} of the price list`;
    case 'instant-quote.changed':
      return detail.enabled
        ? `${actor} turned the instant quote on`
        : `${actor} turned the instant quote off`;
    case 'due-diligence.saved':
      return `${actor} recorded due diligence on ${subject}`;
    case 'due-diligence.completed':
      return `${actor} completed due diligence on ${subject}`;
    case 'webhook.changed':
      return typeof detail.host === 'string'
        ? `${actor} set the webhook to an address at ${detail.host}`
        : `${actor} turned the webhook off`;
    case 'webhook.secret-made':
      return `${actor} made a new signing secret for the webhook`;
    case 'terms.saved':
      return `${actor} saved version ${detail.version} of the terms of business`;
    case 'subscriber.unsubscribed':
      return `${actor} unsubscribed ${subject} from the newsletter`;
    case 'subscriber.confirmation-resent':
      return `${actor} sent ${subject} the newsletter confirmation again`;
    case 'session.ended': {
      const browser =
        typeof detail.browser === 'string' && detail.browser !== 'Unknown' ? ` on ${detail.browser}` : '';
      const started = typeof detail.startedAt === 'string' ? `, signed in ${instant(detail.startedAt)}` : '';
      return `${entry.by ?? subject} ended a session${browser}${started}`;
    }
    case 'availability.changed':
      return `${actor} changed the availability for calls`;
    case 'firm.changed': {
      const fields = Array.isArray(detail.fields) ? detail.fields.filter((f) => typeof f === 'string') : [];
      return `${actor} changed the firm's details${fields.length ? `: ${fields.join(', ')}` : ''}`;
    }
    case 'firm.logo-changed':
      return `${actor} uploaded a new logo`;
    case 'firm.logo-removed':
      return `${actor} removed the logo`;
    case 'firm.hero-changed':
      return `${actor} uploaded a new home page picture`;
    case 'firm.hero-removed':
      return `${actor} removed the home page picture`;
    case 'firm.badge-added':
      return `${actor} added the badge “${subject}”`;
    case 'firm.badge-removed':
      return `${actor} removed the badge “${subject}”`;
    case 'setup.test-email-sent':
      return `${actor} sent a test email to ${subject}`;
    case 'setup.step-confirmed':
      return subject === 'test-email'
        ? `${actor} said the test email arrived`
        : `${actor} said the backups are in place`;
    case 'blocked-date.added': {
      const reason = typeof detail.reason === 'string' && detail.reason ? ` (${detail.reason})` : '';
      return `${actor} blocked ${day(subject)}${hours(detail)}${reason}`;
    }
    case 'blocked-date.removed':
      return `${actor} opened ${day(subject)}${hours(detail)} again`;
    case 'data.exported':
      return `${actor} exported the data held on ${subject}`;
    case 'data.erased': {
      const counts = Object.fromEntries(
        Object.entries(detail).filter((pair): pair is [string, number] => typeof pair[1] === 'number'),
      );
      return `${actor} erased the data held on ${subject}: ${erasedCounts(counts)}`;
    }
    case 'data.retention-applied': {
      const { months, via: _, ...rest } = detail;
      const counts = Object.fromEntries(
        Object.entries(rest).filter((pair): pair is [string, number] => typeof pair[1] === 'number'),
      );
      const who = detail.via === 'command line' ? 'Someone at the command line' : 'The daily retention job';
      const period =
        typeof months === 'number' ? ` (leads kept ${months} months after their last activity)` : '';
      return `${who} removed what was past its retention period${period}: ${erasedCounts(counts)}`;
    }
    case 'adviser.added':
      return `${actor} made ${subject} an adviser${typeof detail.name === 'string' ? `, shown as ${detail.name}` : ''}`;
    case 'adviser.changed':
      return `${actor} changed how adviser ${subject} is shown${typeof detail.name === 'string' ? ` (${detail.name})` : ''}`;
    case 'adviser.hours-changed':
      return `${actor} changed the hours, call length or buffer of adviser ${subject}`;
    case 'adviser.activated':
      return `${actor} made adviser ${subject} active again`;
    case 'adviser.deactivated':
      return `${actor} made adviser ${subject} inactive`;
    case 'adviser.blocked-date.added': {
      const reason = typeof detail.reason === 'string' && detail.reason ? ` (${detail.reason})` : '';
      return `${actor} blocked ${typeof detail.date === 'string' ? day(detail.date) : 'a date'} for adviser ${subject}${reason}`;
    }
    case 'adviser.blocked-date.removed':
      return `${actor} opened ${typeof detail.date === 'string' ? day(detail.date) : 'a date'} again for adviser ${subject}`;
    case 'adviser.calendar-connected':
      return `${actor} connected ${calendarWords(detail)} for adviser ${subject}`;
    case 'adviser.calendar-disconnected':
      return `${actor} disconnected ${calendarWords(detail)} of adviser ${subject}`;
    case 'article.created':
      return `${actor} started the article ${subject}`;
    case 'article.saved':
      return typeof detail.was === 'string'
        ? `${actor} saved the article ${subject} (its address was ${detail.was})`
        : `${actor} saved the article ${subject}`;
    case 'article.scheduled':
      return `${actor} scheduled the article ${subject}${typeof detail.publishAt === 'string' ? ` for ${instant(detail.publishAt)}` : ''}`;
    case 'article.published':
      return detail.via === 'schedule'
        ? `The article ${subject} was published as scheduled`
        : `${actor} published the article ${subject}`;
    case 'article.unpublished':
      return `${actor} unpublished the article ${subject}`;
    case 'article.cover-changed':
      return `${actor} changed the cover image of the article ${subject}`;
    case 'article.revision-saved':
      return `${actor} saved changes to the article ${subject} for an owner to review`;
    case 'article.revision-published':
      return `${actor} published the changes waiting for review in the article ${subject}`;
    case 'article.revision-discarded':
      return `${actor} discarded the changes waiting for review in the article ${subject}`;
    case 'page.created':
      return `${actor} started the page ${subject}`;
    case 'page.scheduled':
      return `${actor} scheduled the page ${subject}${typeof detail.publishAt === 'string' ? ` for ${instant(detail.publishAt)}` : ''}`;
    case 'page.published':
      return detail.via === 'schedule'
        ? `The page ${subject} was published as scheduled`
        : `${actor} published the page ${subject}`;
    case 'page.restored':
      return `${actor} put version ${String(detail.number)} of the page ${subject} back in its draft`;
    case 'page.moved':
      return `${actor} moved the page ${typeof detail.was === 'string' ? `${detail.was} ` : ''}to ${subject}`;
    case 'page.nav-changed':
      return detail.place === 'none'
        ? `${actor} took the page ${subject} out of the navigation`
        : `${actor} listed the page ${subject} in the ${detail.place === 'main' ? 'main' : 'footer’s'} navigation`;
    case 'page.removed':
      return `${actor} removed the page ${subject}`;
    case 'campaign.created':
      return `${actor} wrote a newsletter draft, “${subject}”`;
    case 'campaign.changed':
      return `${actor} changed the newsletter draft “${subject}”`;
    case 'campaign.test-sent':
      return `${actor} sent themselves a test of the newsletter “${subject}”`;
    case 'campaign.sending': {
      const count =
        typeof detail.recipients === 'number' ? ` to ${confirmedSubscribers(detail.recipients)}` : '';
      return `${actor} sent the newsletter “${subject}”${count}`;
    }
    case 'campaign.scheduled':
      return `${actor} scheduled the newsletter “${subject}”${typeof detail.at === 'string' ? ` for ${instant(detail.at)}` : ''}`;
    case 'campaign.cancelled':
      return `${actor} cancelled the newsletter “${subject}”`;
    default: {
      // An action recorded by a newer version of the site than this page: still a sentence, without its code.
      const unworded: never = action;
      void unworded;
      return `${actor} did something this page cannot describe yet, about ${subject}`;
    }
  }
}

function detailOf(json: string): Record<string, unknown> {
  try {
    const detail = JSON.parse(json);
    return typeof detail === 'object' && detail !== null && !Array.isArray(detail) ? detail : {};
  } catch {
    return {};
  }
}

/** "Monday, 23 November 2026" for 2026-11-23; anything else as it is. */
function day(isoDate: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!parts) return isoDate;
  return new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]))).toLocaleDateString(
    'en-GB',
    { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  );
}

/** "21 Nov 2026, 14:05" in the firm's time zone. */
function instant(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString('en-GB', { timeZone: firmTimeZone, dateStyle: 'medium', timeStyle: 'short' });
}

/** "a CalDAV calendar on caldav.fastmail.com" from a calendar change's detail. */
function calendarWords(detail: Record<string, unknown>): string {
  const kind = detail.kind === 'caldav' ? 'a CalDAV calendar' : 'an ICS feed';
  return typeof detail.host === 'string' ? `${kind} on ${detail.host}` : kind;
}

/** " from 09:00 to 12:30" for a part of a day blocked or opened; nothing for a whole day. */
function hours(detail: Record<string, unknown>): string {
  return typeof detail.from === 'string' && typeof detail.to === 'string'
    ? ` from ${detail.from} to ${detail.to}`
    : '';
}
