import { type BotCheck, createBotCheck, createSignInProof } from './captcha/index.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { type AccountService, createAccountService } from './features/accounts/index.ts';
import { type AdviserService, createAdviserService } from './features/advisers/index.ts';
import { type ApplicationService, createApplicationService } from './features/applications/index.ts';
import {
  type BookingCalendarHooks,
  type BookingService,
  createBookingService,
  sourceAddressHasher,
} from './features/booking/index.ts';
import { type CalendarSync, calendarWriteBack, createCalendarRecheck } from './features/calendars/index.ts';
import { createEnquiryService, type EnquiryService } from './features/enquiries/index.ts';
import { firmDetailsNow, LiveFirm, siteFirmNow } from './features/firm/index.ts';
import { articlesForNewsletter } from './features/insights/index.ts';
import {
  createMailingListService,
  type MailingListMailSettings,
  type MailingListService,
} from './features/mailing-list/index.ts';
import {
  type ArticleSource,
  createNewsletterService,
  type NewsletterService,
} from './features/newsletter/index.ts';
import { leadRegistry } from './lead-registry.ts';
import type { LeadRegistry } from './leads/kind.ts';
import type { BookingMailSettings } from './mail/booked-call.ts';
import { type MailFiles, mailFiles } from './mail/mail-files.ts';
import { type RecipientCap, recipientCap } from './mail/recipient-cap.ts';
import type { MailFrom } from './mail/transport.ts';
import type { Clock } from './time/clock.ts';

/**
 * What the server is made of, each part made once from the configuration, the database and the clock:
 * the app's routes (features.ts) and the background workers (runtime.ts) are handed the same parts.
 * Nothing here starts a timer or opens a connection.
 */
export interface Services {
  /** Who every email is from: MAIL_FROM, else the firm's sender name and address. */
  sender: () => MailFrom;
  /** The firm's details, held in memory: every page and email shows them. Read before the app starts. */
  firm: LiveFirm;
  /** The site's address, where staff notices go, and the address the site's emails come from. */
  mail: BookingMailSettings;
  /** The mailing list's and the newsletter's: the site's address and the mailbox unsubscribes reach. */
  listMail: MailingListMailSettings;
  /** Booked calls into and out of advisers' diaries, and their calendar read once more before a booking. */
  calendars: BookingCalendarHooks;
  /** Every kind of lead; a call an erasure or the retention job blanks leaves its adviser's diary. */
  leadKinds: LeadRegistry;
  /** The emails written to MAIL_DIR without SMTP, which an erasure and the retention job remove. */
  mailFiles: MailFiles;
  /** The published articles a campaign may include. */
  articleSource: ArticleSource;
  /** One cap for every email the public forms send a typed address, shared by the features. */
  recipientCap: RecipientCap;
  botCheck: BotCheck;
  /** The proof of work a sign-in carries while its account is under attack. */
  signInProof: BotCheck;
  accounts: AccountService;
  mailingList: MailingListService;
  enquiries: EnquiryService;
  applications: ApplicationService;
  bookings: BookingService;
  advisers: AdviserService;
  newsletter: NewsletterService;
}

export interface ServiceParts {
  config: Config;
  db: Db;
  clock: Clock;
  /** Reads one adviser's calendar at once (after connecting it, or "Read now"); unset without CALENDAR_SECRET_KEY. */
  calendarSync?: Pick<CalendarSync, 'syncNow'>;
}

export function createServices({ config, db, clock, calendarSync }: ServiceParts): Services {
  const firm = new LiveFirm(db, config.publicUrl);
  const firmNow = () => siteFirmNow(firm);
  // Read at each email, so a change of the firm's addresses is used at once; the operator's settings win.
  // Before the firm is set up (only staff are emailed then: an invitation, a reset link) the site sends
  // in its own name from a no-reply address at its host, unless MAIL_FROM says otherwise.
  const sender = (): MailFrom => {
    const details = firmDetailsNow(firm);
    if (config.mailFrom) return config.mailFrom;
    if (details) return { name: details.senderName, address: details.email };
    return { name: firm.siteName, address: `no-reply@${firm.siteName}` };
  };
  const mail: BookingMailSettings = {
    publicUrl: config.publicUrl,
    get staffEmail() {
      return config.staffEmail ?? firmDetailsNow(firm)?.noticesEmail ?? mail.organizerEmail;
    },
    get organizerEmail() {
      const from = sender();
      return typeof from === 'string' ? addressOf(from) : from.address;
    },
    firm: firmNow,
  };
  const listMail: MailingListMailSettings = {
    publicUrl: config.publicUrl,
    get unsubscribeMailbox() {
      return mail.organizerEmail;
    },
    firm: firmNow,
  };
  const refusePrivateHosts = config.nodeEnv === 'production';
  const { secretKey, staleMinutes } = config.calendars;
  const calendars = {
    ...calendarWriteBack(mail),
    // Without the key no calendar can be read, so there is nothing to check once more.
    recheck: secretKey ? createCalendarRecheck({ db, secretKey, refusePrivateHosts }) : async () => undefined,
  };
  const articleSource = articlesForNewsletter(db, config.publicUrl);
  const recipients = recipientCap(config.sessionSecret, config.maxEmailsPerRecipientPerDay);
  const signInProof = createSignInProof(config, db, clock);
  const mailingList = createMailingListService({
    db,
    mail: listMail,
    secret: config.sessionSecret,
    recipientCap: recipients,
    now: clock,
  });
  return {
    firm,
    sender,
    mail,
    listMail,
    calendars,
    leadKinds: leadRegistry(calendars.cancelled),
    mailFiles: mailFiles(config.mailDir, config.sessionSecret),
    articleSource,
    recipientCap: recipients,
    botCheck: createBotCheck(config, db, clock),
    signInProof,
    accounts: createAccountService({
      db,
      publicUrl: config.publicUrl,
      signInProof,
      now: clock,
      firm: firmNow,
    }),
    mailingList,
    enquiries: createEnquiryService({ db, mail, mailingList, recipientCap: recipients, now: clock }),
    applications: createApplicationService({ db, mail, now: clock }),
    bookings: createBookingService({
      db,
      mail,
      limits: config.bookingLimits,
      sourceAddressHash: sourceAddressHasher(config.sessionSecret),
      recipientCap: recipients,
      calendarStaleMinutes: staleMinutes,
      calendars,
      now: clock,
    }),
    advisers: createAdviserService({
      db,
      calendarSecretKey: secretKey,
      staleMinutes,
      refusePrivateCalendarHosts: refusePrivateHosts,
      // Reads the calendar at once rather than at the next pass; the result shows on the screen.
      readCalendarNow: (adviserId) => {
        void calendarSync?.syncNow(adviserId).catch(() => {});
      },
      now: clock,
    }),
    newsletter: createNewsletterService({ db, mail: listMail, articleSource, now: clock }),
  };
}

/** "The Firm <hello@…>" → "hello@…" */
export function addressOf(mailbox: string) {
  return mailbox.match(/<([^>]+)>/)?.[1] ?? mailbox.trim();
}
