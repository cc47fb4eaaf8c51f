import type { Generated } from 'kysely';
import type { AlertKind } from '#shared/alerts.ts';
import type { ArticleStatus } from '#shared/articles.ts';
import type { AuditKind } from '#shared/audit.ts';
import type { LeadKind, LeadStage, StaffRole } from '#shared/back-office.ts';
import type { PageRole } from '#shared/page-roles.ts';
import type { ProposalStatus } from '#shared/proposals.ts';

// Timestamps are ISO-8601 UTC strings in the application on both dialects (see docs/decisions/003).
export type Timestamp = string;

export interface OutboxMessageTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  subject: string;
  /** The visitor a staff notice is about (replies go to them), so an erasure finds it; else null. */
  reply_to: string | null;
  /**
   * The whole message as JSON (MailMessage: bodies, headers, an invitation) while it waits to be sent;
   * emptied once it is sent or given up, since its links would otherwise stay readable.
   */
  message: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface BookingSettingsTable {
  id: number;
  settings: string;
  updated_at: Timestamp;
}

export interface BlockedDateTable {
  date: string;
  reason: string | null;
  created_at: Timestamp;
}

/** A part of a day the calendar offers no call in. */
export interface BlockedTimeTable {
  id: Generated<number>;
  /** The day (YYYY-MM-DD) and its times (HH:MM) as typed, on the calendar's clocks. */
  date: string;
  from_time: string;
  to_time: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reason: string | null;
  created_at: Timestamp;
}

export interface BookingTable {
  id: Generated<number>;
  /** Public, unguessable id: the calendar invitation's UID and the back office's link. */
  reference: string;
  email: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** The date and time as the visitor chose them, in the firm's zone: YYYY-MM-DD and HH:MM. */
  local_date: string;
  local_time: string;
  time_zone: string;
  status: 'confirmed' | 'cancelled';
  cancel_token_hash: string;
  meeting_url: string | null;
  meeting_id: string | null;
  application_id: number | null;
  created_at: Timestamp;
  cancelled_at: Timestamp | null;
  /** Where the firm has got to with the lead (shared/back-office.ts). */
  stage: Generated<LeadStage>;
  /** The person the lead belongs to (leads/people.ts); null once erased. */
  person_id: Generated<number | null>;
  /** The piece of new business it asks for (leads/opportunities.ts), whose stage `stage` copies. */
  opportunity_id: Generated<number | null>;
  /** Keyed hash of the network address that booked (booking/source-address.ts); null before it was kept. */
  source_address_hash: string | null;
  /** The adviser who takes the call; null for calls booked before the firm had advisers. */
  adviser_id: number | null;
  /** Where the call was written in a CalDAV adviser's calendar, so cancelling can remove it. */
  calendar_event_url: string | null;
  /**
   * How many times the call was moved or given to another adviser: its invitations' SEQUENCE, so a
   * calendar replaces the version it holds; a cancellation's is one more.
   */
  sequence: Generated<number>;
}

export interface AdviserTable {
  id: Generated<number>;
  user_id: number;
  display_name: string;
  /** One line a visitor may read about them. */
  introduction: Generated<string>;
  /** JSON of the firm's settings they have their own of (AdviserOverrides in shared/advisers.ts). */
  overrides: Generated<string>;
  /** An inactive adviser is offered no calls but keeps the calls already booked. */
  status: Generated<'active' | 'inactive'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdviserBlockedDateTable {
  adviser_id: number;
  /** YYYY-MM-DD in the firm's time zone. */
  date: string;
  reason: string | null;
  created_at: Timestamp;
}

export type CalendarKind = 'caldav' | 'ics';

export interface AdviserCalendarTable {
  adviser_id: number;
  kind: CalendarKind;
  /** The calendar server's host name, all staff are shown of it. */
  display_host: string;
  /** URL, user name and password, sealed with CALENDAR_SECRET_KEY. */
  sealed_source: string;
  /** Validators of an ICS feed's last answer, for a conditional GET. */
  etag: string | null;
  last_modified: string | null;
  last_attempt_at: Timestamp | null;
  last_success_at: Timestamp | null;
  /** Why the last sync failed, in words staff understand; null after a success. */
  last_error: string | null;
  next_sync_at: Timestamp;
  /** Held by the instance syncing it, so two never sync one calendar at once. */
  locked_until: Timestamp | null;
  created_at: Timestamp;
  /** The end of the window the stored busy times were read for; a feed is read in full past it. */
  read_until: Timestamp | null;
}

/** A time an adviser's own calendar shows them busy, copied there by the last sync. */
export interface AdviserBusyTable {
  adviser_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
}

export interface CalendarWriteTable {
  id: Generated<number>;
  booking_id: number;
  adviser_id: number;
  /** Put the call in the adviser's calendar, or take it out. */
  action: 'add' | 'remove';
  status: Generated<'pending' | 'done' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  done_at: Timestamp | null;
}

export interface ApplicationTable {
  id: Generated<number>;
  /** Public, unguessable id: links the call booked from the questionnaire to these answers. */
  reference: string;
  email: string;
  your_name: string;
  business_name: string;
  /** Every answer as JSON (ApplicationAnswers). */
  answers: string;
  created_at: Timestamp;
  /** Where the firm has got to with the lead (shared/back-office.ts). */
  stage: Generated<LeadStage>;
  /** The person the lead belongs to (leads/people.ts); null once erased. */
  person_id: Generated<number | null>;
  /** The piece of new business it asks for (leads/opportunities.ts), whose stage `stage` copies. */
  opportunity_id: Generated<number | null>;
}

export interface SubscriberTable {
  id: Generated<number>;
  email: string;
  /** Only confirmed subscribers are on the list. */
  status: 'pending' | 'confirmed' | 'unsubscribed';
  confirm_token_hash: string | null;
  confirmation_sent_at: Timestamp | null;
  /** SHA-256 of the token in the unsubscribe link last sent (the token itself is derived, never kept). */
  unsubscribe_token_hash: string;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  created_at: Timestamp;
  /** Permanent refusals (SMTP 5xx) of newsletters by the address's mail server; at 3 it is bouncing. */
  refusals: Generated<number>;
  last_refused_at: Timestamp | null;
}

export interface SubscriberConsentTable {
  id: Generated<number>;
  subscriber_id: number;
  /** `sign-up-repeated`: the form posted again for an address still pending (not a sign-up of theirs). */
  event: 'signed-up' | 'sign-up-repeated' | 'confirmed' | 'unsubscribed';
  /**
   * Where it happened: a sign-up form, the contact forms' opt-in, the confirm link, an unsubscribe link.
   * With the event it says who acted, and so whose `ip_address` is (shared/consent-words.ts, consentActorOf).
   */
  source: string;
  /** The words the visitor saw when signing up. */
  wording: string | null;
  ip_address: string | null;
  created_at: Timestamp;
}

export interface UsedBotCheckTokenTable {
  token_hash: string;
  expires_at: Timestamp;
}

export interface EnquiryTable {
  id: Generated<number>;
  /** Public, unguessable id: the visitor's reference in the acknowledgement, the back office's link. */
  reference: string;
  kind: 'contact' | 'quote';
  name: string;
  email: string;
  /** The visitor's profession (contact) or practice (quote). */
  organisation: string;
  phone: string | null;
  postcode: string | null;
  /** As typed: escaped wherever it is shown. */
  message: string;
  /** The rest of the form as JSON (EnquiryDetails). */
  details: string;
  ip_address: string | null;
  created_at: Timestamp;
  /** Where the firm has got to with the lead (shared/back-office.ts). */
  stage: Generated<LeadStage>;
  /** The person the lead belongs to (leads/people.ts); null once erased. */
  person_id: Generated<number | null>;
  /** The piece of new business it asks for (leads/opportunities.ts), whose stage `stage` copies. */
  opportunity_id: Generated<number | null>;
}

/** Everyone who has sent the firm a lead: one record per email address, letter case aside. */
export interface PersonTable {
  id: Generated<number>;
  /** As first given. */
  email: string;
  /** Lower-cased: the address the person is found by. */
  email_key: string;
  /** From their newest lead that gave it. */
  name: string | null;
  phone: string | null;
  organisation: string | null;
  created_at: Timestamp;
  /** The member of staff who looks after them; null: nobody yet. */
  owner_id: Generated<number | null>;
  /** When staff first replied from inside: their "unanswered" clock stops. */
  first_reply_at: Generated<Timestamp | null>;
  /** Seconds from `created_at` (their first lead) to `first_reply_at`, for the reports. */
  first_reply_seconds: Generated<number | null>;
  /** The person staff merged this one into: their leads are that person's, and so are later ones. */
  merged_into: Generated<number | null>;
}

/** A version of the firm's price list (shared/pricing.ts), kept as saved. */
export interface PriceListTable {
  id: Generated<number>;
  /** JSON of the price list. */
  document: string;
  created_by: number | null;
  created_at: Timestamp;
}

/** A version of the firm's terms of business, kept as saved; the newest is sent with proposals. */
export interface TermsOfBusinessTable {
  id: Generated<number>;
  /** JSON of RichText (shared/rich-text.ts), written in the pages' editor. */
  body: string;
  created_by: number | null;
  created_at: Timestamp;
}

/** The one row (id 1) of the owner's choices for proposals: JSON of ProposalSettings (shared/proposals.ts). */
export interface ProposalSettingsTable {
  id: number;
  settings: string;
  updated_at: Timestamp;
}

/** Whether the site offers the instant quote (migrations/048-instant-quote.ts): one row, id 1. */
export interface InstantQuoteSettingsTable {
  id: number;
  /** 1 on, 0 off. */
  enabled: number;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** A proposal of services and fees to a person (shared/proposals.ts, migrations/044-proposals.ts). */
export interface ProposalTable {
  id: Generated<number>;
  /** Read out and put in subjects: `FH-P7K-3Q9`. */
  reference: string;
  person_id: number;
  opportunity_id: number | null;
  /** The quote request it was built from, if any. */
  enquiry_id: number | null;
  /** The earlier proposal this one was sent in place of (a price changed after sending). */
  replaces_id: number | null;
  /** The price list version it was priced from; null: the starter list. */
  price_list_id: number | null;
  status: Generated<ProposalStatus>;
  /** JSON of ProposalDocument: while a draft, as staff left it; once sent, as the client sees it. */
  document: string;
  /** The hash of the client's link's token, from sending. */
  token_hash: string | null;
  expires_at: Timestamp | null;
  sent_at: Timestamp | null;
  viewed_at: Timestamp | null;
  /** When it was accepted, declined, expired or withdrawn. */
  decided_at: Timestamp | null;
  reminded_at: Timestamp | null;
  reminders: Generated<number>;
  decline_reason: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The client's simple electronic signature of a proposal: who, what exactly, when, from where. */
export interface ProposalAcceptanceTable {
  proposal_id: number;
  /** The full name as typed. */
  signed_name: string;
  /** JSON: the keys of the optional extras ticked. */
  extras: string;
  /** SHA-256 (hex) of exactly what was shown and accepted (shared/proposals.ts, shownText). */
  shown_hash: string;
  terms_id: number | null;
  ip: string;
  user_agent: string;
  accepted_at: Timestamp;
}

/** The engagement letter made on acceptance, kept as generated. */
export interface EngagementLetterTable {
  proposal_id: number;
  pdf: Uint8Array;
  /** SHA-256 (hex) of `pdf`. */
  sha256: string;
  created_at: Timestamp;
}

/** Client due diligence (Money Laundering Regulations): one record per client; no identity documents. */
export interface DueDiligenceTable {
  person_id: number;
  verified_by: number | null;
  /** yyyy-mm-dd. */
  verified_on: string | null;
  /** What identity was checked against, in the checker's words ("passport seen in person"). */
  verified_against: string | null;
  risk: 'low' | 'medium' | 'high' | null;
  risk_reason: string | null;
  completed_at: Timestamp | null;
  completed_by: number | null;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** The one row (id 1) of the owner's webhook: where accepted proposals are sent, and its secret's salt. */
export interface WebhookSettingsTable {
  id: number;
  /** https (or, outside production, http); null: no webhook. */
  url: string | null;
  /** The signing secret is derivedToken(SESSION_SECRET, 'webhook', salt): the secret itself is not kept. */
  secret_salt: string | null;
  secret_made_at: Timestamp | null;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** A webhook delivery waiting, delivered or given up; leased like the outbox's messages. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  proposal_id: number;
  /** `proposal.accepted`. */
  event: string;
  /** The JSON sent, as queued; emptied once delivered or given up. */
  body: string;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
}

/** What happened to a person rather than to one of their leads, for their timeline. */
export interface PersonEventTable {
  id: Generated<number>;
  person_id: number;
  /**
   * `merged`: another person joined this one (detail: which rows moved, for the undo); `unmerged`: that
   * undone; `details`: staff corrected their name, phone or organisation; `assigned`: a colleague given
   * them or one of their opportunities; `proposal`: a proposal to them made, sent, viewed, accepted,
   * declined, expired or withdrawn (detail: `{ words, proposal, status }`, its words what the timeline says);
   * `due-diligence`: their client due diligence recorded or completed (detail: `{ words }`).
   */
  event: 'merged' | 'unmerged' | 'details' | 'assigned' | 'proposal' | 'due-diligence';
  /** JSON. */
  detail: string;
  /** The other person of a merge or its undo. */
  other_id: number | null;
  user_id: number | null;
  created_at: Timestamp;
}

/** An email a member of staff wrote to a person on their page, kept whole for the timeline. */
export interface ReplyTable {
  id: Generated<number>;
  person_id: number;
  subject: string;
  body: string;
  sent_by: number | null;
  created_at: Timestamp;
}

/** The owners' wording to start a reply from, with fields ({first name}…) filled in on the page. */
export interface SavedReplyTable {
  id: Generated<number>;
  title: string;
  subject: string;
  body: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** Something a member of staff is to do about a person, by a time. */
export interface TaskTable {
  id: Generated<number>;
  person_id: number;
  title: string;
  due_at: Timestamp;
  assignee_id: number;
  done_at: Timestamp | null;
  /** Null from the command line, or once the account that made it is gone. */
  created_by: number | null;
  created_at: Timestamp;
}

/** One open or closed piece of new business: the leads that asked for it share its stage. */
export interface OpportunityTable {
  id: Generated<number>;
  /** Null once the person is erased. */
  person_id: number | null;
  /** What they asked for first, as the board's cards say it ("Quote request"). */
  title: string;
  stage: LeadStage;
  value_pence: number | null;
  created_at: Timestamp;
  stage_changed_at: Timestamp;
  /** The colleague who looks after this piece of business; null: the person's owner does. */
  owner_id: Generated<number | null>;
  /** The furthest of New, Contacted, Qualified and Won it has reached (Lost does not count). */
  furthest_stage: Generated<Exclude<LeadStage, 'lost'>>;
}

export interface UserTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  /** What colleagues and the firm's emails call them; null for an account made before names were asked. */
  name: Generated<string | null>;
  /** Argon2id of the SHA-512 hex the browser sends; null until the user sets a password. */
  password_hash: string | null;
  status: 'active' | 'disabled';
  /** An owner may do everything; staff only the leads. */
  role: StaffRole;
  created_at: Timestamp;
  password_changed_at: Timestamp | null;
  /** The handle of the session the member's current back-office visit is in (never its cookie value). */
  visit_session: string | null;
  /** When they last opened or used the back office. */
  visit_seen_at: Timestamp | null;
  /** Where their previous visit ended: leads received after it are new to them. */
  new_leads_since: Timestamp | null;
  /** Since when they want no morning email of their tasks; null: they get it. */
  task_digest_off_at: Generated<Timestamp | null>;
  /** The firm's date (YYYY-MM-DD) of the last morning email of their tasks. */
  task_digest_sent_for: Generated<string | null>;
  /** Since when a member of staff may keep the calendar's availability; null: only owners may. */
  availability_granted_at: Generated<Timestamp | null>;
}

export interface SessionTable {
  /** SHA-256 of the id in the cookie. */
  id_hash: string;
  user_id: number;
  /** 'browser' lasts while the browser is open (12 h idle at most); 'remembered' 30 days. */
  kind: 'browser' | 'remembered';
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
}

export interface PasswordTokenTable {
  token_hash: string;
  user_id: number;
  purpose: 'reset' | 'invite';
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SignInThrottleTable {
  /** 'account:<email>', 'account:<email> ip:<address>' or 'ip:<address>' (see features/accounts/throttle.ts). */
  key: string;
  /** Failures in the window that began at `window_started_at`. */
  failures: number;
  last_failure_at: Timestamp;
  /** Null only in rows older than the window. */
  window_started_at: Timestamp | null;
  /** An address's keys: no attempt is checked before then. */
  blocked_until: Timestamp | null;
  /** An account's key: every attempt needs a proof of work before then. */
  proof_required_until: Timestamp | null;
  /** An account's key: when its holder was last emailed that sign-ins were being throttled. */
  notified_at: Timestamp | null;
}

export interface LeadEventTable {
  id: Generated<number>;
  lead_kind: LeadKind;
  lead_id: number;
  event: 'note' | 'stage' | 'cancelled' | 'rescheduled' | 'reassigned';
  /** The note's text, or the new stage, or why; for a call moved or reassigned, from what to what. */
  detail: string;
  /** Null when the site did it. */
  user_id: number | null;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  /** What it was done to: an email address, a user. */
  subject: string;
  /** JSON. */
  detail: string;
  created_at: Timestamp;
  /** Which list of the audit screen it belongs to. */
  kind: AuditKind;
}

export interface ArticleTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  /** Markdown. */
  body: string;
  /** JSON: the normalised tags. */
  tags: string;
  /** Who wrote it; null if unknown. The account may since be disabled or erased. */
  author_user_id: number | null;
  /** The byline readers see, kept as written whatever becomes of the account. */
  author_name: string;
  status: ArticleStatus;
  /** When a scheduled article goes out. */
  publish_at: Timestamp | null;
  /** When it first went out; kept through an unpublish, so republishing keeps its date. */
  published_at: Timestamp | null;
  cover_key: string | null;
  cover_alt: string | null;
  cover_width: number | null;
  cover_height: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A staff member's change to a published or scheduled article, waiting for an owner (migration 022). */
export interface ArticleRevisionTable {
  article_id: number;
  slug: string;
  title: string;
  summary: string;
  body: string;
  tags: string;
  author_user_id: number | null;
  author_name: string;
  cover_key: string | null;
  cover_alt: string | null;
  cover_width: number | null;
  cover_height: number | null;
  /** Who last changed it; null once their account is gone. */
  written_by: number | null;
  written_at: Timestamp;
}

export interface CampaignTable {
  id: Generated<number>;
  /** The address in the archive, /insights/newsletter/:slug. */
  slug: string;
  subject: string;
  body_markdown: string;
  /** The article it was made from, if any. */
  article_id: number | null;
  status: 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';
  created_by: number | null;
  scheduled_for: Timestamp | null;
  started_at: Timestamp | null;
  /** The last subscriber id given a recipient row: adding recipients resumes after it. */
  expanded_through: Generated<number>;
  /** When every recipient had been added. */
  expanded_at: Timestamp | null;
  /** When the next recipient's message may go (NEWSLETTER_RATE_PER_MINUTE). */
  next_send_at: Timestamp | null;
  /** Lease of the instance adding recipients. */
  locked_until: Timestamp | null;
  sent_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ArticleImageTable {
  name: string;
  article_id: number;
  content_type: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  created_at: Timestamp;
}

export interface CampaignRecipientTable {
  id: Generated<number>;
  campaign_id: number;
  subscriber_id: number;
  email: string;
  status: 'queued' | 'sent' | 'failed' | 'skipped';
  outbox_id: number | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

/** Emails the public forms sent one address on one day (mail/recipient-cap.ts). */
export interface RecipientMailCountTable {
  /** A keyed hash of the address in lower case: no readable address is kept. */
  recipient_hash: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  sent: number;
}

/** Which address a file written to MAIL_DIR names, keyed (migrations/024-mail-files.ts). */
export interface MailFileTable {
  id: Generated<number>;
  file_name: string;
  address_key: string;
  created_at: Timestamp;
}

/** The firm's details, one row (migrations/025-firm.ts, features/firm/repository.ts). */
export interface FirmTable {
  id: number;
  /** JSON of FirmDetails (shared/firm-details.ts). */
  details: string;
  version: number;
  updated_at: Timestamp;
}

/** A picture of the firm's look, one of each kind (migrations/027-firm-pictures.ts, features/firm/). */
export interface FirmPictureTable {
  /** `logo`, or a size of the home page's picture as its address names it. */
  name: string;
  kind: 'logo' | 'hero' | 'badge';
  content_type: string;
  key: string;
  width: number;
  height: number;
  alt: Generated<string>;
  bytes: Uint8Array;
  updated_at: Timestamp;
}

/** A one-time token of the set-up page, as its hash (migrations/026-setup-tokens.ts, features/setup/). */
export interface SetupTokenTable {
  token_hash: string;
  expires_at: Timestamp;
}

/** A page of the site as data (migrations/028-site-pages.ts, features/pages/). */
export interface SitePageTable {
  id: Generated<number>;
  path: string;
  nav: Generated<'main' | 'footer' | 'none'>;
  nav_label: Generated<string>;
  nav_order: Generated<number>;
  nav_changed_at: Timestamp | null;
  /** JSON of the PageDocument being edited (shared/sections.ts). */
  draft: string;
  draft_version: number;
  draft_saved_at: Timestamp;
  draft_saved_by: number | null;
  live_revision: number | null;
  publish_at: Timestamp | null;
  /** JSON of the PageDocument a scheduled publish puts live. */
  publish_document: string | null;
  removed_at: Timestamp | null;
  created_at: Timestamp;
  /** Which page the site is built around this is (shared/page-roles.ts); null for a page of the firm's own. */
  role: PageRole | null;
}

/** A published page as it was, never changed. */
export interface PageRevisionTable {
  page_id: number;
  number: number;
  path: string;
  /** JSON of the PageDocument published. */
  document: string;
  published_at: Timestamp;
  published_by: number | null;
}

/** An address a page gave up: 301 to the page's path now, or 410 when `page_id` is null. */
export interface PageAddressTable {
  path: string;
  page_id: number | null;
  moved_at: Timestamp;
}

/** A size of a picture placed in a page's section. */
export interface PageImageTable {
  name: string;
  key: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  created_at: Timestamp;
}

/** One run of migrations: which version of the site applied them (db/migrations/030-upgrades.ts). */
export interface SiteUpgradeTable {
  id: Generated<number>;
  version: string;
  /** The migrations' names, comma-separated. */
  migrations: string;
  upgraded_at: Timestamp;
}

/** Trouble the owners hear about, one row a kind (db/migrations/031-site-alerts.ts). */
export interface SiteAlertTable {
  kind: AlertKind;
  detail: string;
  raised_at: Timestamp;
  seen_at: Timestamp;
  cleared_at: Timestamp | null;
  emailed_at: Timestamp | null;
}

/**
 * Where a lead or a mailing-list sign-up came from (leads/sources.ts), kept at submission without a
 * cookie: an outside referrer's origin, the path and UTM parameters of the visit's first page, and the
 * group the reports count it under.
 */
export interface LeadSourceTable {
  id: Generated<number>;
  lead_kind: 'enquiry' | 'application' | 'booking' | 'subscriber';
  lead_id: number;
  /** The lead's opportunity; null for a sign-up. */
  opportunity_id: number | null;
  created_at: Timestamp;
  /** utm_source, else the referrer's host, else "Direct" ("Not recorded" before sources were kept). */
  channel: string;
  referrer: string | null;
  landing_path: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  /** 1 once the lead's business has reached Contacted or further (moveOpportunity keeps it). */
  moved_on: Generated<number>;
}

export interface Database {
  site_alerts: SiteAlertTable;
  site_upgrades: SiteUpgradeTable;
  outbox_messages: OutboxMessageTable;
  booking_settings: BookingSettingsTable;
  firm: FirmTable;
  setup_tokens: SetupTokenTable;
  firm_pictures: FirmPictureTable;
  site_pages: SitePageTable;
  page_revisions: PageRevisionTable;
  page_addresses: PageAddressTable;
  page_images: PageImageTable;
  blocked_dates: BlockedDateTable;
  blocked_times: BlockedTimeTable;
  bookings: BookingTable;
  applications: ApplicationTable;
  subscribers: SubscriberTable;
  subscriber_consents: SubscriberConsentTable;
  used_bot_check_tokens: UsedBotCheckTokenTable;
  enquiries: EnquiryTable;
  users: UserTable;
  people: PersonTable;
  price_lists: PriceListTable;
  terms_of_business: TermsOfBusinessTable;
  proposal_settings: ProposalSettingsTable;
  instant_quote_settings: InstantQuoteSettingsTable;
  proposals: ProposalTable;
  proposal_acceptances: ProposalAcceptanceTable;
  engagement_letters: EngagementLetterTable;
  due_diligence: DueDiligenceTable;
  webhook_settings: WebhookSettingsTable;
  webhook_deliveries: WebhookDeliveryTable;
  person_events: PersonEventTable;
  opportunities: OpportunityTable;
  tasks: TaskTable;
  replies: ReplyTable;
  saved_replies: SavedReplyTable;
  sessions: SessionTable;
  password_tokens: PasswordTokenTable;
  sign_in_throttles: SignInThrottleTable;
  lead_events: LeadEventTable;
  audit_log: AuditLogTable;
  advisers: AdviserTable;
  adviser_blocked_dates: AdviserBlockedDateTable;
  adviser_calendars: AdviserCalendarTable;
  adviser_busy: AdviserBusyTable;
  calendar_writes: CalendarWriteTable;
  articles: ArticleTable;
  article_images: ArticleImageTable;
  article_revisions: ArticleRevisionTable;
  campaigns: CampaignTable;
  campaign_recipients: CampaignRecipientTable;
  recipient_mail_counts: RecipientMailCountTable;
  mail_files: MailFileTable;
  lead_sources: LeadSourceTable;
}
