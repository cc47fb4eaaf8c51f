import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectCalendar, secretBox } from '#server/features/calendars/index.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { alertWords } from '#shared/alerts.ts';
import { addAdviserTo } from '#tests/support/advisers.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { type DatabaseKind, postgresUrl } from '#tests/support/databases.ts';
import { staffApi } from '#tests/support/signed-in.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { raisedAlerts } from './watch.ts';

const calendarKey = 'alerts-test-calendar-key-of-32-characters';

// Each instance of a site on PostgreSQL shares the alerts; both dialects store them.
const kinds: DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(kinds)('the owners hear about trouble, on %s', (database) => {
  let site: TestApp;
  let smtp: TestSmtpServer;
  let now = new Date();
  const owners = ['partner@obrienmarsh.example', 'second.partner@obrienmarsh.example'];

  let inTheWay: string;
  const backup = database === 'sqlite' ? ['backup'] : [];
  beforeAll(async () => {
    inTheWay = path.join(mkdtempSync(path.join(tmpdir(), 'alerts-')), 'backups');
    writeFileSync(inTheWay, 'a file where the backups folder should be');
    smtp = await startSmtpServer(0, { refuse: (to) => to.startsWith('gone.') });
    site = await startTestApp({
      database,
      clock: () => now,
      env: {
        SMTP_URL: smtp.url,
        CALENDAR_SECRET_KEY: calendarKey,
        // Every disk is "nearly full" when all of it must be free: the real disk, measured for real.
        ALERT_DISK_FREE_PERCENT: '100',
        // A folder the backups cannot be made in: a file stands where it should be.
        // (The site takes its own backups on SQLite only.)
        ...(database === 'sqlite' && { BACKUP_DIR: inTheWay }),
      },
    });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
    rmSync(path.dirname(inTheWay), { recursive: true, force: true });
  });

  it('emails every owner once about each kind, shows owners the banner, and clears what was put right', async () => {
    for (const owner of owners) await staffApi(site, owner, 'owner');
    const staff = await staffApi(site, 'reception@obrienmarsh.example', 'staff');
    await site.db
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('email', '=', owners[1] as string)
      .execute();

    // An address the mail server refuses at once (anyone may type one into a form): no alert of its own.
    await enqueueMail(
      site.db,
      'test',
      { to: 'gone.client@example.com', subject: 'Hello', text: 'Hello' },
      now,
    );
    site.outbox.kick();
    const statusOf = async (kind: string) =>
      (
        await site.db
          .selectFrom('outbox_messages')
          .select('status')
          .where('kind', '=', kind)
          .executeTakeFirst()
      )?.status;
    await expect.poll(() => statusOf('test')).toBe('failed');
    await site.alerts.runOnce();
    expect((await raisedAlerts(site.db)).map((alert) => alert.kind)).not.toContain('mail');
    // What the outbox leaves of an email given up after its ten tries, the server's last answer naming
    // an address (ten tries take four hours: written as they end).
    await site.db
      .insertInto('outbox_messages')
      .values({
        kind: 'enquiry-staff-notice',
        recipient: 'office@obrienmarsh.example',
        subject: 'New enquiry',
        reply_to: null,
        message: '',
        status: 'failed',
        attempts: 10,
        next_attempt_at: now.toISOString(),
        locked_until: null,
        last_error: 'Invalid login: 535 5.7.8 <site@obrienmarsh.example> Authentication credentials invalid',
        created_at: now.toISOString(),
        sent_at: null,
      })
      .execute();
    // And one still waiting after three tries, queued twenty minutes ago: its next try is an hour away.
    await site.db
      .insertInto('outbox_messages')
      .values({
        kind: 'booking-confirmation',
        recipient: 'client@example.com',
        subject: 'Your call is booked',
        reply_to: null,
        message: JSON.stringify({ to: 'client@example.com', subject: 'Your call is booked', text: 'Booked' }),
        status: 'pending',
        attempts: 3,
        next_attempt_at: new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
        locked_until: null,
        last_error: 'connect ECONNREFUSED 127.0.0.1:25',
        created_at: new Date(now.getTime() - 20 * 60 * 1000).toISOString(),
        sent_at: null,
      })
      .execute();
    // An adviser's calendar connected two hours ago, at an address that never answers.
    const adviser = await addAdviserTo(site.db, 'adviser@obrienmarsh.example', 'Aoife Marsh');
    await connectCalendar(
      site.db,
      secretBox(calendarKey),
      adviser,
      { kind: 'ics', url: 'http://127.0.0.1:9/calendar.ics' },
      new Date(now.getTime() - 2 * 60 * 60 * 1000),
    );
    if (database === 'sqlite') {
      await expect.poll(() => site.app.deps.backups?.status().failures).toBeGreaterThan(0);
    }

    await site.alerts.runOnce();
    const emailed = await Promise.all(
      ['mail', 'calendar', 'disk', ...backup].map((kind) =>
        smtp.waitFor(
          (mail) =>
            mail.parsed.subject === `Your website needs attention: ${alertWords[kind as 'mail'].title}`,
        ),
      ),
    );
    for (const mail of emailed) {
      expect(mail.to).toEqual([owners[0]]);
      expect(mail.parsed.text).toContain('/back-office');
    }
    const mailAlert = emailed[0]?.parsed.text ?? '';
    expect(mailAlert).toContain(
      'An email could not be sent in the last 24 hours, after every retry. An email has waited more than 15 minutes, the mail server refusing or not answering.',
    );
    expect(mailAlert).toContain('The mail server’s last answer: ');
    expect(mailAlert).not.toContain('site@obrienmarsh.example');
    expect(emailed[1]?.parsed.text).toContain('Aoife Marsh’s calendar was last read never');

    const owner = await staffApi(site, 'third.partner@obrienmarsh.example', 'owner');
    const banner = await owner.json('/alerts');
    expect(banner.alerts.map((alert: { kind: string }) => alert.kind).sort()).toEqual(
      [...backup, 'calendar', 'disk', 'mail'].sort(),
    );
    expect(banner.alerts.find((alert: { kind: string }) => alert.kind === 'disk')).toMatchObject({
      title: 'The server’s disk is nearly full',
      detail: expect.stringMatching(/^\d+\.\d % of the disk holding \/\S+ is free \(\d+\.\d GB\)\./),
      whatToDo: alertWords.disk.whatToDo,
    });
    expect((await staff.get('/alerts')).status).toBe(403);

    // Looked at again the same day: nothing new is sent.
    const sent = smtp.messages.length;
    await site.alerts.runOnce();
    await site.outbox.runOnce();
    expect(smtp.messages.length).toBe(sent);

    // The calendar read at last; the next day, what still lasts is emailed again, and what cleared is not.
    await site.db.updateTable('adviser_calendars').set({ last_success_at: now.toISOString() }).execute();
    now = new Date(now.getTime() + 25 * 60 * 60 * 1000);
    await site.db.updateTable('adviser_calendars').set({ last_success_at: now.toISOString() }).execute();
    // The mail server answers again: the waiting email goes at its next try.
    await expect.poll(() => statusOf('booking-confirmation')).toBe('sent');
    await site.alerts.runOnce();
    await site.outbox.runOnce();
    // To each owner who can sign in now, the one added since included.
    const nextDay = smtp.messages
      .slice(sent)
      .filter((mail) => mail.parsed.subject?.startsWith('Your website needs attention'))
      .map((mail) => `${mail.to} ${mail.parsed.subject}`);
    expect(nextDay.sort()).toEqual(
      [owners[0], 'third.partner@obrienmarsh.example']
        .flatMap((to) =>
          [...backup, 'disk'].map(
            (kind) => `${to} Your website needs attention: ${alertWords[kind as 'disk'].title}`,
          ),
        )
        .sort(),
    );
    // (The owner's session did not last the day: what the banner would show is read from the store.)
    expect((await raisedAlerts(site.db)).map((alert) => alert.kind).sort()).toEqual([...backup, 'disk']);
  });
});
