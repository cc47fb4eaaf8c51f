import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const productionBase = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://www.example.co.uk',
  SESSION_SECRET: 'k3Vq9-ZpT2xLw8rN4bYc7HsJm1eGdF6u',
  SMTP_URL: 'smtps://site:password@smtp.mailprovider.net:465',
  CAPTCHA_PROVIDER: 'altcha',
  MEETING_URL: 'https://zoom.us/my/fenwickhale',
};

function errorOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to refuse');
}

describe('configuration', () => {
  it('works out of the box with an embedded database on 127.0.0.1:3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data/site.db') });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.captcha).toEqual({ provider: 'altcha' });
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
  });

  it('reads PostgreSQL from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/site' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db/site',
    });
  });

  it('never shows the password of a URL it refuses, even one that does not parse', () => {
    const refusals: Record<string, string>[] = [
      // A base64 password holds / and +; a # in .env cuts the value; a port mistyped.
      { DATABASE_URL: 'postgres://practice_site:Ab3/xYz+Qw==@127.0.0.1:5432/practice_site' },
      { DATABASE_URL: 'postgres://practice_site:Pg9x' },
      { DATABASE_URL: 'postgres://practice_site:S3cretPw@127.0.0.1:99999/site' },
      { SMTP_URL: 'smtps://apikey:SG.Ab3/xYz+Qw@smtp.sendgrid.net:465' },
      { SMTP_URL: 'ftp://u:SmtpPw-LEAK1@127.0.0.1:2535' },
      {
        BACKUP_DIR: '/srv/backups',
        BACKUP_S3_URL: 'http://u:SECRET-LEAK2@127.0.0.1:4569/b/site/',
        BACKUP_S3_ACCESS_KEY_ID: 'AK',
        BACKUP_S3_SECRET_ACCESS_KEY: 'S3Secret-LEAK3',
        BACKUP_ENCRYPTION_KEY: 'q7Vx2-Lm9Kp4Zt8Nw3Rb6Yc1Hd5Fg0Js',
      },
      {
        BACKUP_DIR: '/srv/backups',
        BACKUP_S3_URL: 'ftp://AK:S3Secret-LEAK9@127.0.0.1/backups/',
        BACKUP_S3_ACCESS_KEY_ID: 'AK',
        BACKUP_S3_SECRET_ACCESS_KEY: 'S3Secret-LEAK9',
        BACKUP_ENCRYPTION_KEY: 'q7Vx2-Lm9Kp4Zt8Nw3Rb6Yc1Hd5Fg0Js',
      },
    ];
    for (const env of refusals) {
      const message = errorOf(env);
      expect(message).toMatch(/^(DATABASE_URL|SMTP_URL|BACKUP_S3_URL) must be/);
      expect(message).not.toMatch(/Ab3|xYz|Pg9x|S3cretPw|SG\.|LEAK/);
    }
    expect(errorOf(refusals[0] ?? {})).toMatch(/got "postgres:… \(not a URL that parses\)"$/);
  });

  it('names the variable and what it expected, in one line', () => {
    const message = errorOf({ PORT: 'eighty' });
    expect(message).toBe('PORT must be a whole number from 0 to 65535; got "eighty"');
    expect(message).not.toContain('\n');
    expect(errorOf({ DATABASE_URL: 'mysql://root:secret@db/site' })).toBe(
      'DATABASE_URL must be sqlite:PATH or postgres://… (write any / ? # @ : in its password as %2F %3F %23 %40 %3A, and put the value in quotes in .env if it holds #); got "mysql://root:***@db/site"',
    );
    expect(errorOf({ CAPTCHA_PROVIDER: 'hcaptcha' })).toMatch(
      /^CAPTCHA_PROVIDER must be one of altcha, recaptcha/,
    );
    expect(errorOf({ SMTP_URL: 'mail.example.com' })).toMatch(
      /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(errorOf({ PUBLIC_URL: 'not a url' })).toMatch(/^PUBLIC_URL must be an absolute/);
    expect(errorOf({ SESSION_SECRET: 'short' })).toBe(
      'SESSION_SECRET must be at least 32 characters long; got "5 characters"',
    );
  });

  it('takes Zoom credentials all together or not at all', () => {
    expect(errorOf({ ZOOM_ACCOUNT_ID: 'a' })).toBe(
      'ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET must be all set, or none; got "only some of them"',
    );
    const config = loadConfig({ ZOOM_ACCOUNT_ID: 'a', ZOOM_CLIENT_ID: 'b', ZOOM_CLIENT_SECRET: 'c' });
    expect(config.zoom).toEqual({
      accountId: 'a',
      clientId: 'b',
      clientSecret: 'c',
      oauthUrl: 'https://zoom.us',
      apiUrl: 'https://api.zoom.us/v2',
    });
  });

  it("takes each bot-check provider's keys, with the real verify URLs by default", () => {
    expect(errorOf({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site' })).toBe(
      'RECAPTCHA_SECRET_KEY must be set when CAPTCHA_PROVIDER is recaptcha; it is not set',
    );
    const recaptcha = { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 's', RECAPTCHA_SECRET_KEY: 'k' };
    expect(loadConfig(recaptcha).captcha).toEqual({
      provider: 'recaptcha',
      siteKey: 's',
      secretKey: 'k',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      minScore: 0.5,
    });
    expect(loadConfig({ ...recaptcha, RECAPTCHA_MIN_SCORE: '0.7' }).captcha).toMatchObject({ minScore: 0.7 });
    expect(errorOf({ ...recaptcha, RECAPTCHA_MIN_SCORE: '7' })).toBe(
      'RECAPTCHA_MIN_SCORE must be a number from 0 to 1; got "7"',
    );
    const turnstile = { CAPTCHA_PROVIDER: 'turnstile', TURNSTILE_SITE_KEY: 's', TURNSTILE_SECRET_KEY: 'k' };
    expect(loadConfig({ ...turnstile, TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/verify' }).captcha).toEqual({
      provider: 'turnstile',
      siteKey: 's',
      secretKey: 'k',
      verifyUrl: 'http://127.0.0.1:9/verify',
    });
    expect(loadConfig(turnstile).captcha).toMatchObject({
      verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    });
  });

  it('reads calendars every 5 minutes and lets them go stale after 60, never before the next read', () => {
    expect(loadConfig({}).calendars).toEqual({ secretKey: undefined, syncMinutes: 5, staleMinutes: 60 });
    expect(loadConfig({ CALENDAR_SYNC_MINUTES: '15', CALENDAR_STALE_MINUTES: '45' }).calendars).toMatchObject(
      {
        syncMinutes: 15,
        staleMinutes: 45,
      },
    );
    expect(errorOf({ CALENDAR_STALE_MINUTES: '5' })).toBe(
      'CALENDAR_STALE_MINUTES must be more minutes than CALENDAR_SYNC_MINUTES (5), or every calendar would go stale between two reads; got "5"',
    );
    expect(errorOf({ CALENDAR_SYNC_MINUTES: '0' })).toBe(
      'CALENDAR_SYNC_MINUTES must be a whole number of 1 or more; got "0"',
    );
    expect(errorOf({ CALENDAR_SECRET_KEY: 'short key' })).toBe(
      'CALENDAR_SECRET_KEY must be at least 32 characters long; got "9 characters"',
    );
  });

  it('accepts a safe production configuration', () => {
    expect(loadConfig(productionBase).nodeEnv).toBe('production');
  });

  it('refuses unsafe settings in production', () => {
    expect(errorOf({ ...productionBase, CAPTCHA_PROVIDER: 'none' })).toMatch(
      /^CAPTCHA_PROVIDER must be altcha, recaptcha or turnstile in production/,
    );
    const { SESSION_SECRET: _, ...withoutSecret } = productionBase;
    expect(errorOf(withoutSecret)).toBe(
      'SESSION_SECRET must be set in production (32 or more characters); it is not set',
    );
    const { MEETING_URL: __, ...withoutMeetings } = productionBase;
    expect(errorOf(withoutMeetings)).toMatch(
      /^MEETING_URL must be set in production when Zoom is not configured/,
    );
    expect(errorOf({ ...productionBase, PUBLIC_URL: 'http://www.example.co.uk' })).toBe(
      'PUBLIC_URL must be an https:// URL in production; got "http://www.example.co.uk"',
    );
    const { SMTP_URL: ___, ...withoutMail } = productionBase;
    expect(errorOf(withoutMail)).toMatch(/^SMTP_URL must be set in production: without it no booking/);
  });

  it('names every problem of a production start at once, and never echoes a secret', () => {
    const message = errorOf({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://www.obrienmarsh.co.uk',
      SESSION_SECRET: 'changeme'.repeat(5),
      METRICS_TOKEN: 'a'.repeat(40),
      MAIL_FROM: 'O’Brien Marsh <hello@yourfirm.co.uk>',
      STAFF_EMAIL: 'office@example.com',
    });
    expect(message.split('\n')).toEqual([
      '7 settings need changing:',
      '  - SMTP_URL must be set in production: without it no booking, lead or password link leaves the site (each email is only written to a file); it is not set',
      '  - PUBLIC_URL must be an https:// URL in production; got "http://www.obrienmarsh.co.uk"',
      '  - MAIL_FROM must be an address at the firm’s own domain in production, not an example one; got "O’Brien Marsh <hello@yourfirm.co.uk>"',
      '  - STAFF_EMAIL must be an address at the firm’s own domain in production, not an example one; got "office@example.com"',
      '  - SESSION_SECRET must be random in production (see .env.example for a command that makes one); got "one too simple to guess"',
      '  - MEETING_URL must be set in production when Zoom is not configured (booked calls need a link); it is not set',
      '  - METRICS_TOKEN must be random in production (see .env.example for a command that makes one); got "one too simple to guess"',
    ]);
    expect(message).not.toContain('changeme');
  });

  it('copies backups off the machine only with a folder, both keys and an encryption key, never echoing one', () => {
    const offSite = {
      BACKUP_DIR: '/srv/backups',
      BACKUP_S3_URL: 'https://s3.eu-west-2.amazonaws.com/firm-backups/site/',
      BACKUP_S3_REGION: 'eu-west-2',
      BACKUP_S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY',
      BACKUP_S3_SECRET_ACCESS_KEY: 'a-secret-access-key',
      BACKUP_ENCRYPTION_KEY: 'q7Vx2-Lm9Kp4Zt8Nw3Rb6Yc1Hd5Fg0Js',
    };
    expect(loadConfig(offSite).backups?.offSite).toEqual({
      s3: {
        url: offSite.BACKUP_S3_URL,
        region: 'eu-west-2',
        accessKeyId: 'AKIAEXAMPLEKEY',
        secretAccessKey: 'a-secret-access-key',
      },
      passphrase: offSite.BACKUP_ENCRYPTION_KEY,
      keep: 30,
    });
    const { BACKUP_DIR: _, BACKUP_S3_SECRET_ACCESS_KEY: __, ...partial } = offSite;
    const refused = errorOf({
      ...partial,
      BACKUP_ENCRYPTION_KEY: 'short-secret',
      BACKUP_S3_URL: 'https://s3.example.com/',
    });
    expect(refused.split('\n')).toEqual([
      '4 settings need changing:',
      '  - BACKUP_S3_URL must be the bucket’s address with its name, and any folder: https://HOST/BUCKET/FOLDER/; got "https://s3.example.com/"',
      '  - BACKUP_ENCRYPTION_KEY must be at least 32 characters long; got "12 characters"',
      '  - BACKUP_S3_SECRET_ACCESS_KEY must be set when BACKUP_S3_URL is set; it is not set',
      '  - BACKUP_DIR must be set when BACKUP_S3_URL is (each backup is taken there, then copied off the machine); it is not set',
    ]);
    expect(refused).not.toContain('short-secret');
    expect(errorOf({ ALERT_DISK_FREE_PERCENT: '101' })).toBe(
      'ALERT_DISK_FREE_PERCENT must be a whole number from 0 to 100; got "101"',
    );
  });

  it('takes a METRICS_TOKEN of 32 or more token characters, and never echoes a weak one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const strong = 'Zt4_qP9-xW2~mK7.bR5+nL8/vC3jH6gF1s=';
    expect(loadConfig({ METRICS_TOKEN: strong }).metricsToken).toBe(strong);
    const expected = 'METRICS_TOKEN must be 32 or more characters from A-Z a-z 0-9 - . _ ~ + /; got';
    expect(errorOf({ METRICS_TOKEN: 'prometheus' })).toBe(`${expected} "10 characters"`);
    expect(errorOf({ METRICS_TOKEN: `${'x'.repeat(32)} y` })).toBe(`${expected} "34 characters"`);
  });

  it('caps bookings at 2 ahead per email address and 4 a day per network address, unless told otherwise', () => {
    expect(loadConfig({}).bookingLimits).toEqual({ maxUpcomingPerEmail: 2, maxPerAddressPerDay: 4 });
    expect(
      loadConfig({ BOOKING_MAX_UPCOMING_PER_EMAIL: '5', BOOKING_MAX_PER_ADDRESS_PER_DAY: '40' })
        .bookingLimits,
    ).toEqual({ maxUpcomingPerEmail: 5, maxPerAddressPerDay: 40 });
    expect(errorOf({ BOOKING_MAX_UPCOMING_PER_EMAIL: '0' })).toBe(
      'BOOKING_MAX_UPCOMING_PER_EMAIL must be a whole number of 1 or more; got "0"',
    );
    expect(errorOf({ BOOKING_MAX_PER_ADDRESS_PER_DAY: 'lots' })).toBe(
      'BOOKING_MAX_PER_ADDRESS_PER_DAY must be a whole number of 1 or more; got "lots"',
    );
  });

  it('caps what the public forms email one address at 5 a day, unless told otherwise', () => {
    expect(loadConfig({}).maxEmailsPerRecipientPerDay).toBe(5);
    expect(loadConfig({ MAX_EMAILS_PER_RECIPIENT_PER_DAY: '12' }).maxEmailsPerRecipientPerDay).toBe(12);
    expect(errorOf({ MAX_EMAILS_PER_RECIPIENT_PER_DAY: '0' })).toBe(
      'MAX_EMAILS_PER_RECIPIENT_PER_DAY must be a whole number of 1 or more; got "0"',
    );
  });

  it('trusts no proxy by default; TRUST_PROXY=true means one, a number that many, a list only those', () => {
    expect(loadConfig({}).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,fd00::/8 ,::1, loopback' }).trustProxy).toEqual(
      {
        kind: 'addresses',
        addresses: ['10.0.0.5', '172.16.0.0/12', 'fd00::/8', '::1', 'loopback'],
      },
    );
    const expected =
      "TRUST_PROXY must be false, true (one proxy), a number of proxies, or a comma-separated list of the proxies' addresses or CIDR ranges (or loopback, linklocal, uniquelocal); got";
    for (const bad of [
      'yes',
      'TRUE',
      '0',
      '-1',
      '1.5',
      '10.0.0.300',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.1,',
      'nginx',
      '10.0.0.0/8/8',
    ]) {
      expect(errorOf({ TRUST_PROXY: bad })).toBe(`${expected} ${JSON.stringify(bad)}`);
    }
  });
});
