import { statfsSync, statSync } from 'node:fs';
import type { Db } from '#server/db/database.ts';
import type { BackupStatus } from '#server/jobs/scheduled-backups.ts';
import { defaultMaxAttempts } from '#server/mail/worker.ts';
import type { AlertKind } from '#shared/alerts.ts';

/**
 * What one look found for one kind of trouble: what is wrong (in words for the owners), nothing wrong, or
 * `undefined` when this instance cannot tell (its backups are another instance's to take).
 */
export type Finding = { wrong: string } | 'fine' | undefined;

export type AlertCheck = (now: Date) => Promise<Finding> | Finding;

const hour = 60 * 60 * 1000;
const day = 24 * hour;

/** "29 Nov 2026, 19:20 UTC": a time as an owner reads it in an email, wherever the server is. */
const readableTime = (at: Date) =>
  `${at.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** An error as the owners may read it: without the addresses a mail server's refusal names. */
const withoutAddresses = (text: string) =>
  text.replace(/<?[^\s<>@]+@[^\s<>@]+>?/g, '[an address]').slice(0, 300);

/**
 * Emails given up after every retry in the last day, or waiting after three failed tries for a quarter of
 * an hour (a mail server down or refusing the site's login fails every email alike, and the last try is
 * hours away): the mail server or its settings at fault. One email refused at once (an address that does
 * not exist, which anyone can type into a form) says nothing of them.
 */
export function mailFailing(db: Db, maxAttempts = defaultMaxAttempts): AlertCheck {
  return async (now) => {
    const troubled = await db
      .selectFrom('outbox_messages')
      .select(['status', 'last_error'])
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', '=', 'failed'),
            eb('attempts', '>=', maxAttempts),
            eb('next_attempt_at', '>=', new Date(now.getTime() - day).toISOString()),
          ]),
          eb.and([
            eb('status', '=', 'pending'),
            eb('attempts', '>=', 3),
            eb('created_at', '<', new Date(now.getTime() - 15 * 60_000).toISOString()),
          ]),
        ]),
      )
      .orderBy('next_attempt_at', 'desc')
      .execute();
    if (troubled.length === 0) return 'fine';
    const given = troubled.filter((row) => row.status === 'failed').length;
    const waiting = troubled.length - given;
    const said = [
      given &&
        `${given === 1 ? 'An email' : `${given} emails`} could not be sent in the last 24 hours, after every retry.`,
      waiting &&
        `${waiting === 1 ? 'An email has' : `${waiting} emails have`} waited more than 15 minutes, the mail server refusing or not answering.`,
    ].filter(Boolean);
    const last = troubled[0]?.last_error;
    return {
      wrong: `${said.join(' ')}${last ? ` The mail server’s last answer: ${withoutAddresses(last)}` : ''}`,
    };
  };
}

/** The backups this instance takes: failing while no pass has succeeded since the last failure. */
export function backupFailing(status: () => BackupStatus): AlertCheck {
  return () => {
    const { lastSuccessAt, lastFailure } = status();
    if (lastFailure && (!lastSuccessAt || lastFailure.at > lastSuccessAt)) {
      return {
        wrong: `The backup at ${readableTime(lastFailure.at)} failed: ${withoutAddresses(lastFailure.error)}`,
      };
    }
    return lastSuccessAt ? 'fine' : undefined;
  };
}

/** Active advisers whose connected calendar has not been read for `staleMinutes`. */
export function calendarsUnread(db: Db, staleMinutes: number): AlertCheck {
  return async (now) => {
    const before = new Date(now.getTime() - staleMinutes * 60_000).toISOString();
    const unread = await db
      .selectFrom('adviser_calendars')
      .innerJoin('advisers', 'advisers.id', 'adviser_calendars.adviser_id')
      .select(['advisers.display_name', 'adviser_calendars.last_success_at', 'adviser_calendars.last_error'])
      .where('advisers.status', '=', 'active')
      .where((eb) =>
        eb.or([
          eb('adviser_calendars.last_success_at', '<', before),
          eb.and([
            eb('adviser_calendars.last_success_at', 'is', null),
            eb('adviser_calendars.created_at', '<', before),
          ]),
        ]),
      )
      .orderBy('advisers.display_name')
      .execute();
    if (unread.length === 0) return 'fine';
    return {
      wrong: unread
        .map(
          (calendar) =>
            `${calendar.display_name}’s calendar was last read ${calendar.last_success_at ?? 'never'}${calendar.last_error ? `: ${withoutAddresses(calendar.last_error)}` : ''}.`,
        )
        .join(' '),
    };
  };
}

/**
 * A disk holding one of `folders` (the database, backups, mail written as files) with less than
 * `freePercent` of it free. A folder not made yet is not looked at.
 */
export function diskNearlyFull(folders: string[], freePercent: number): AlertCheck {
  return () => {
    // One line a disk, named by the first of the folders it holds.
    const disks = new Map<number, string>();
    for (const folder of folders) {
      const dev = statSync(folder, { throwIfNoEntry: false })?.dev;
      if (dev !== undefined && !disks.has(dev)) disks.set(dev, folder);
    }
    const full = [...disks.values()].flatMap((folder) => {
      const disk = statfsSync(folder);
      const free = (disk.bavail / disk.blocks) * 100;
      if (free >= freePercent) return [];
      const gigabytes = (disk.bavail * disk.bsize) / 1024 ** 3;
      return [`${free.toFixed(1)} % of the disk holding ${folder} is free (${gigabytes.toFixed(1)} GB).`];
    });
    return full.length === 0 ? 'fine' : { wrong: full.join(' ') };
  };
}

export type AlertChecks = Partial<Record<AlertKind, AlertCheck>>;
