import path from 'node:path';
import { defaultRetentionMonths } from '#shared/retention.ts';
import type { S3Settings } from './backups/s3-store.ts';
import type { ZoomSettings } from './features/booking/meetings.ts';
import { parseDatabaseUrl } from './settings/database-url.ts';
import { readOffSite } from './settings/off-site.ts';
import { parseProxyTrust } from './settings/proxy-trust.ts';
import { isUrlOf, passwordInUrl, shownWithoutPassword } from './settings/secret-url.ts';

export { databaseLabel, mailLabel } from './settings/labels.ts';

export const captchaProviders = ['altcha', 'recaptcha', 'turnstile', 'none'] as const;
export type CaptchaProvider = (typeof captchaProviders)[number];

/** The bot check's settings: ALTCHA needs none of its own (it signs with SESSION_SECRET); the others their keys. */
export type CaptchaSettings =
  | { provider: 'altcha' | 'none' }
  | { provider: 'recaptcha'; siteKey: string; secretKey: string; verifyUrl: string; minScore: number }
  | { provider: 'turnstile'; siteKey: string; secretKey: string; verifyUrl: string };

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/**
 * Whose X-Forwarded-For the site believes: nobody's; the nearest `hops` proxies' (the visitor's address is
 * the one the outermost of them saw); or only peers at these addresses, CIDR ranges or named ranges.
 */
export type ProxyTrust =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; addresses: string[] };

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /**
   * When HOST is `unix:/path`, the Unix socket the site listens on instead of a port: only processes the
   * socket's mode lets in (the proxy's group) can connect, so none can write X-Forwarded-For but the proxy.
   */
  socketPath: string | undefined;
  database: DatabaseTarget;
  /** SMTP server to send through; unset writes each message as an .eml file under `mailDir`. */
  smtpUrl: string | undefined;
  /** SMTP connections kept open at once; the outbox sends that many messages at a time. */
  smtpMaxConnections: number;
  mailDir: string;
  /** MAIL_FROM, the sender of every email; unset, the firm's sender name and email address. */
  mailFrom: string | undefined;
  /** STAFF_EMAIL, where notices of new leads go; unset, the firm's address for notices. */
  staffEmail: string | undefined;
  publicUrl: URL;
  captcha: CaptchaSettings;
  sessionSecret: string;
  logLevel: string;
  /** Behind a reverse proxy, take the visitor's address from X-Forwarded-For (every per-address limit needs it). */
  trustProxy: ProxyTrust;
  /** A Zoom meeting per booked call, when all three ZOOM_ credentials are set. */
  zoom: ZoomSettings | undefined;
  /** The firm's fixed video-call room, used when Zoom is not configured. */
  meetingUrl: string | undefined;
  /** Posts one address may make to each form endpoint per minute. */
  formRateLimitPerMinute: number;
  /** How many calls one visitor may hold: ahead per email address, and booked per network address a day. */
  bookingLimits: BookingLimits;
  /**
   * Emails the public forms may send one address (any letter case) in a UTC day: contact and quote
   * acknowledgements, booking confirmations and sign-up confirmations together (mail/recipient-cap.ts).
   */
  maxEmailsPerRecipientPerDay: number;
  /** Where the build put the client assets and the prerendered pages. */
  distDir: string;
  /** The bearer token a Prometheus scrape of /metrics must send; unset, /metrics is not served. */
  metricsToken: string | undefined;
  /** Advisers' own calendars: how their credentials are sealed, how often they are read, when too old. */
  calendars: CalendarSettings;
  /** Daily backups the site takes itself (SQLite: a copy; PostgreSQL: pg_dump); unset without BACKUP_DIR. */
  backups: BackupSettings | undefined;
  /** Months after its last activity when a lead that led to no engagement is anonymised (the privacy notice says so). */
  retentionMonths: number;
  /** Seconds between two looks at the articles: scheduled ones due, and changes made by another instance. */
  insightsRefreshSeconds: number;
  /** Newsletter messages sent per minute across all instances; 0 for no limit. */
  newsletterRatePerMinute: number;
  /** The owners hear that the disk is nearly full when less than this share of it (in %) is free. */
  diskAlertFreePercent: number;
}

export interface BackupSettings {
  /** Where the dated backup files go. */
  dir: string;
  /** How many of the newest to keep; older ones are deleted. */
  keep: number;
  /** Where each is also copied, encrypted: S3-compatible storage; unset, backups stay on this machine. */
  offSite: OffSiteSettings | undefined;
}

export interface OffSiteSettings {
  s3: S3Settings;
  /** BACKUP_ENCRYPTION_KEY: every copy is encrypted with it before it leaves the machine. */
  passphrase: string;
  /** How many of the newest copies to keep there. */
  keep: number;
}

export interface CalendarSettings {
  /** Seals each calendar's URL and credentials in the database; unset, no calendar can be connected. */
  secretKey: string | undefined;
  /** Minutes between two reads of each adviser's calendar. */
  syncMinutes: number;
  /** Minutes after the last good read when that adviser's times stop being offered. */
  staleMinutes: number;
}

export interface BookingLimits {
  maxUpcomingPerEmail: number;
  maxPerAddressPerDay: number;
}

/**
 * Bad settings, every one found: each problem is one line naming the variable and what it expected. The
 * message is that line when there is one, else a list, so that one start tells the operator all of them.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      problems.length === 1
        ? (problems[0] as string)
        : `${problems.length} settings need changing:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.problems = problems;
  }
}

/**
 * What production cannot run without, whatever else is set: compose marks these required
 * (deploy/compose.yaml, held to this list by tests/process/deploy-files.test.ts). MEETING_URL is required
 * too unless Zoom is configured, which compose cannot express, so the app alone checks it.
 */
export const requiredInProduction = ['PUBLIC_URL', 'SESSION_SECRET', 'SMTP_URL'] as const;

/**
 * Domains no firm sends from: those kept for examples and tests (RFC 2606, RFC 6761) and the placeholder
 * in .env.example. Mail "from" one is refused by the receiving servers or lands in spam.
 */
const placeholderDomain = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost|yourfirm\.co\.uk)$/i;

/** A secret with so few different characters ("xxxx…", "abcabc…") that guessing it is easy. */
const tooSimple = (secret: string) => new Set(secret).size < 10;

const developmentSecret = 'development-only-secret-do-not-use-in-production';
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  // Each problem is noted and the checks go on, so that one start names them all; the values read past a
  // problem are never used, since the whole is refused at the end.
  const problems: string[] = [];
  const fail = (name: string, expected: string, value?: string): never => {
    const got = value === undefined ? 'it is not set' : `got ${JSON.stringify(value)}`;
    problems.push(`${name} must be ${expected}; ${got}`);
    return undefined as never;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = read(name) ?? fallback;
    return allowed.includes(value as T) ? (value as T) : fail(name, `one of ${allowed.join(', ')}`, value);
  };

  const nodeEnv = oneOf('NODE_ENV', ['development', 'test', 'production'], 'development');
  const production = nodeEnv === 'production';

  const portText = read('PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) fail('PORT', 'a whole number from 0 to 65535', portText);
  const host = read('HOST') ?? '127.0.0.1';
  const socketPath = host.startsWith('unix:') ? host.slice('unix:'.length) : undefined;
  if (socketPath !== undefined && (!path.isAbsolute(socketPath) || socketPath.endsWith('/'))) {
    fail('HOST', 'an address, or unix: and the absolute path of a socket file', host);
  }

  const database = parseDatabaseUrl(read('DATABASE_URL') ?? 'sqlite:data/site.db', fail);

  const smtpUrl = read('SMTP_URL');
  if (smtpUrl !== undefined && !(isUrlOf(smtpUrl, ['smtp:', 'smtps:']) && new URL(smtpUrl).host)) {
    fail('SMTP_URL', `an smtp:// or smtps:// URL (${passwordInUrl})`, shownWithoutPassword(smtpUrl));
  }
  if (production && smtpUrl === undefined) {
    fail(
      'SMTP_URL',
      'set in production: without it no booking, lead or password link leaves the site (each email is only written to a file)',
    );
  }

  const publicUrlText = read('PUBLIC_URL') ?? `http://localhost:${port || 3000}`;
  const publicUrl = URL.canParse(publicUrlText) ? new URL(publicUrlText) : undefined;
  if (!publicUrl || !['http:', 'https:'].includes(publicUrl.protocol)) {
    fail('PUBLIC_URL', 'an absolute http:// or https:// URL', publicUrlText);
  } else if (production && publicUrl.protocol !== 'https:') {
    fail('PUBLIC_URL', 'an https:// URL in production', publicUrlText);
  }

  const mailFrom = read('MAIL_FROM');
  const staffEmail = read('STAFF_EMAIL');
  if (staffEmail !== undefined && !/^[^\s@<>]+@[^\s@<>]+$/.test(staffEmail))
    fail('STAFF_EMAIL', 'an email address', staffEmail);
  for (const [name, value] of [
    ['MAIL_FROM', mailFrom],
    ['STAFF_EMAIL', staffEmail],
  ] as const) {
    const domain = value?.match(/@([^\s@<>]+)>?\s*$/)?.[1];
    if (production && domain && placeholderDomain.test(domain)) {
      fail(name, 'an address at the firm’s own domain in production, not an example one', value);
    }
  }

  const httpUrl = (name: string, fallback?: string) => {
    const value = read(name) ?? fallback;
    if (value !== undefined && !/^https?:\/\/[^/]/.test(value))
      fail(name, 'an http:// or https:// URL', value);
    return value;
  };
  const captchaProvider = oneOf('CAPTCHA_PROVIDER', captchaProviders, 'altcha');
  if (production && captchaProvider === 'none') {
    fail(
      'CAPTCHA_PROVIDER',
      'altcha, recaptcha or turnstile in production (none leaves forms open to bots)',
      'none',
    );
  }

  const required = (name: string) =>
    read(name) ?? fail(name, `set when CAPTCHA_PROVIDER is ${captchaProvider}`);
  let captcha: CaptchaSettings = { provider: captchaProvider as 'altcha' | 'none' };
  if (captchaProvider === 'recaptcha') {
    const scoreText = read('RECAPTCHA_MIN_SCORE') ?? '0.5';
    const minScore = Number(scoreText);
    if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(scoreText))
      fail('RECAPTCHA_MIN_SCORE', 'a number from 0 to 1', scoreText);
    captcha = {
      provider: 'recaptcha',
      siteKey: required('RECAPTCHA_SITE_KEY'),
      secretKey: required('RECAPTCHA_SECRET_KEY'),
      verifyUrl: httpUrl('RECAPTCHA_VERIFY_URL', 'https://www.google.com/recaptcha/api/siteverify') as string,
      minScore,
    };
  } else if (captchaProvider === 'turnstile') {
    captcha = {
      provider: 'turnstile',
      siteKey: required('TURNSTILE_SITE_KEY'),
      secretKey: required('TURNSTILE_SECRET_KEY'),
      verifyUrl: httpUrl(
        'TURNSTILE_VERIFY_URL',
        'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      ) as string,
    };
  }

  const secret = read('SESSION_SECRET');
  if (production && secret === undefined) fail('SESSION_SECRET', 'set in production (32 or more characters)');
  if (secret !== undefined && secret.length < 32) {
    fail('SESSION_SECRET', 'at least 32 characters long', `${secret.length} characters`);
  }
  // Not echoed, as no secret is: only that it is too simple.
  const randomInProduction = (name: string, value: string | undefined) => {
    if (
      production &&
      value !== undefined &&
      value.length >= 32 &&
      (tooSimple(value) || value === developmentSecret)
    )
      fail(
        name,
        'random in production (see .env.example for a command that makes one)',
        'one too simple to guess',
      );
  };
  randomInProduction('SESSION_SECRET', secret);

  // On a Unix socket the peer is the proxy by construction: one proxy unless TRUST_PROXY counts more. It
  // has no network address, so a list of the proxies' addresses could never match it.
  const trustProxyText = read('TRUST_PROXY');
  const trustProxy = parseProxyTrust(trustProxyText ?? (socketPath ? 'true' : 'false'), fail);
  if (socketPath && trustProxy.kind !== 'hops') {
    fail('TRUST_PROXY', 'unset, true or a number of proxies when HOST is a Unix socket', trustProxyText);
  }
  const zoomValues = ['ZOOM_ACCOUNT_ID', 'ZOOM_CLIENT_ID', 'ZOOM_CLIENT_SECRET'].map(read);
  const [accountId, clientId, clientSecret] = zoomValues;
  if (zoomValues.some(Boolean) && !zoomValues.every(Boolean)) {
    fail('ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET', 'all set, or none', 'only some of them');
  }
  const zoom =
    accountId && clientId && clientSecret
      ? {
          accountId,
          clientId,
          clientSecret,
          oauthUrl: httpUrl('ZOOM_OAUTH_URL', 'https://zoom.us') as string,
          apiUrl: httpUrl('ZOOM_API_URL', 'https://api.zoom.us/v2') as string,
        }
      : undefined;
  const meetingUrl = httpUrl('MEETING_URL');
  if (production && !zoom && !meetingUrl) {
    fail('MEETING_URL', 'set in production when Zoom is not configured (booked calls need a link)');
  }

  const rateText = read('RATE_LIMIT_PER_MINUTE') ?? '20';
  const formRateLimitPerMinute = Number(rateText);
  if (!/^\d+$/.test(rateText) || formRateLimitPerMinute < 1)
    fail('RATE_LIMIT_PER_MINUTE', 'a whole number of 1 or more', rateText);

  const wholeNumber = (name: string, fallback: string) => {
    const text = read(name) ?? fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1) fail(name, 'a whole number of 1 or more', text);
    return value;
  };
  const smtpMaxConnections = wholeNumber('SMTP_MAX_CONNECTIONS', '5');
  const bookingLimits = {
    maxUpcomingPerEmail: wholeNumber('BOOKING_MAX_UPCOMING_PER_EMAIL', '2'),
    maxPerAddressPerDay: wholeNumber('BOOKING_MAX_PER_ADDRESS_PER_DAY', '4'),
  };
  const maxEmailsPerRecipientPerDay = wholeNumber('MAX_EMAILS_PER_RECIPIENT_PER_DAY', '5');

  const logLevel = oneOf('LOG_LEVEL', logLevels, nodeEnv === 'test' ? 'warn' : 'info');

  const metricsToken = read('METRICS_TOKEN');
  if (metricsToken !== undefined && !/^[\w.~+/-]{32,}=*$/.test(metricsToken)) {
    // Not echoed: even a weak token is a secret.
    fail(
      'METRICS_TOKEN',
      '32 or more characters from A-Z a-z 0-9 - . _ ~ + /',
      `${metricsToken.length} characters`,
    );
  }

  const calendarSecretKey = read('CALENDAR_SECRET_KEY');
  if (calendarSecretKey !== undefined && calendarSecretKey.length < 32) {
    // Not echoed: even a weak key is a secret.
    fail('CALENDAR_SECRET_KEY', 'at least 32 characters long', `${calendarSecretKey.length} characters`);
  }
  randomInProduction('METRICS_TOKEN', metricsToken);
  randomInProduction('CALENDAR_SECRET_KEY', calendarSecretKey);
  const calendars = {
    secretKey: calendarSecretKey,
    syncMinutes: wholeNumber('CALENDAR_SYNC_MINUTES', '5'),
    staleMinutes: wholeNumber('CALENDAR_STALE_MINUTES', '60'),
  };
  // A calendar read every n minutes is n minutes old just before each read: going stale sooner would shut
  // that adviser's times for most of every interval.
  if (calendars.staleMinutes <= calendars.syncMinutes) {
    fail(
      'CALENDAR_STALE_MINUTES',
      `more minutes than CALENDAR_SYNC_MINUTES (${calendars.syncMinutes}), or every calendar would go stale between two reads`,
      String(calendars.staleMinutes),
    );
  }

  const backupDir = read('BACKUP_DIR');
  const backupKeep = wholeNumber('BACKUP_KEEP', '7');
  const offSite = readOffSite(read, fail, wholeNumber);
  randomInProduction('BACKUP_ENCRYPTION_KEY', offSite?.passphrase);
  if (offSite && backupDir === undefined) {
    fail('BACKUP_DIR', 'set when BACKUP_S3_URL is (each backup is taken there, then copied off the machine)');
  }
  const backups =
    backupDir === undefined ? undefined : { dir: path.resolve(backupDir), keep: backupKeep, offSite };
  const retentionMonths = wholeNumber('RETENTION_MONTHS', String(defaultRetentionMonths));
  const newsletterRateText = read('NEWSLETTER_RATE_PER_MINUTE') ?? '600';
  if (!/^\d+$/.test(newsletterRateText))
    fail('NEWSLETTER_RATE_PER_MINUTE', 'a whole number (0 for no limit)', newsletterRateText);
  const newsletterRatePerMinute = Number(newsletterRateText);
  const insightsRefreshSeconds = wholeNumber('INSIGHTS_REFRESH_SECONDS', '15');
  const diskText = read('ALERT_DISK_FREE_PERCENT') ?? '10';
  if (!/^\d+$/.test(diskText) || Number(diskText) > 100)
    fail('ALERT_DISK_FREE_PERCENT', 'a whole number from 0 to 100', diskText);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    nodeEnv,
    port,
    host,
    socketPath,
    database,
    smtpUrl,
    smtpMaxConnections,
    mailDir: path.resolve(read('MAIL_DIR') ?? 'data/mail'),
    mailFrom,
    staffEmail,
    publicUrl: publicUrl as URL,
    captcha,
    sessionSecret: secret ?? developmentSecret,
    logLevel,
    trustProxy,
    zoom,
    meetingUrl,
    formRateLimitPerMinute,
    bookingLimits,
    maxEmailsPerRecipientPerDay,
    distDir: path.resolve(read('DIST_DIR') ?? 'dist'),
    metricsToken,
    calendars,
    backups,
    retentionMonths,
    insightsRefreshSeconds,
    newsletterRatePerMinute,
    diskAlertFreePercent: Number(diskText),
  };
}
