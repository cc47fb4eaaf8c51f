import { parentPort } from 'node:worker_threads';
import { readBusyTimes } from './busy-times.ts';
import type { BusyTimesJob, BusyTimesReply } from './busy-times-pool.ts';
import { CalendarReadError } from './read-error.ts';

// The thread that turns calendars' iCalendar text into busy times (busy-times-pool.ts starts it), so a
// large or hostile calendar never holds up the server's requests. One job at a time.

parentPort?.on('message', (job: BusyTimesJob) => {
  let reply: BusyTimesReply;
  try {
    const read = readBusyTimes(
      job.texts,
      { from: new Date(job.from), to: new Date(job.to), timeZone: job.timeZone },
      { ownUids: new Set(job.ownUids), ...(job.limits && { limits: job.limits }) },
    );
    reply = {
      busy: read.busy.map(({ start, end }) => [start.getTime(), end.getTime()]),
      crowdedSeries: read.crowdedSeries,
    };
  } catch (error) {
    reply = { problem: error instanceof CalendarReadError ? error.problem : 'unreadable' };
  }
  parentPort?.postMessage(reply);
});
