import { Worker } from 'node:worker_threads';
import { workerExecArgv } from '#server/jobs/worker-options.ts';
import type { BusyTimesOptions, BusyTimesRead, BusyWindow, ExpansionLimits } from './busy-times.ts';
import { CalendarReadError, type CalendarReadProblem } from './read-error.ts';

// Reading a calendar's iCalendar text (parsing, expanding repeating events) costs CPU in proportion to
// what the calendar holds, which a stranger may choose. It runs here in worker threads, never on the
// thread that answers requests, and each read has a hard time limit: a worker still busy at its deadline
// is terminated (and another started when next needed), and the read fails in words.

export interface BusyTimesJob {
  texts: string[];
  from: number;
  to: number;
  timeZone: string;
  ownUids: string[];
  limits?: ExpansionLimits;
}

export type BusyTimesReply =
  | { busy: [number, number][]; crowdedSeries: number }
  | { problem: CalendarReadProblem | 'unreadable' };

export interface BusyTimesPool {
  /** The busy times in `texts`; rejects with CalendarReadError, 'too-slow' past `timeoutMs` (waiting included). */
  read(
    texts: string | string[],
    window: BusyWindow,
    options: Omit<BusyTimesOptions, 'ownUids'> & { ownUids?: Iterable<string>; timeoutMs: number },
  ): Promise<BusyTimesRead>;
  /** How many workers are running now. */
  running(): number;
  /** Stops every worker; reads under way or waiting fail. */
  close(): Promise<void>;
}

interface Pending {
  job: BusyTimesJob;
  resolve(read: BusyTimesRead): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  done: boolean;
}

interface Slot {
  worker: Worker;
  current: Pending | undefined;
  /** Retires the worker once it has had nothing to do for a while. */
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * A worker is a whole JavaScript engine of its own (tens of MB): one left idle this long is stopped, and
 * the next read starts one again (a few tens of milliseconds). Calendars are read every few minutes.
 */
const idleWorkerMs = 30_000;

const workerUrl = new URL('./busy-times-worker.ts', import.meta.url);

/** The worker's heap: a 5 MB feed parses into far less; a worker past this ends instead of the server. */
const maxHeapMb = 512;

export function createBusyTimesPool({
  size = 2,
  idleMs = idleWorkerMs,
}: {
  size?: number;
  idleMs?: number;
} = {}): BusyTimesPool {
  const slots = new Set<Slot>();
  const waiting: Pending[] = [];

  const settle = (pending: Pending, outcome: BusyTimesRead | Error) => {
    if (pending.done) return;
    pending.done = true;
    clearTimeout(pending.timer);
    if (outcome instanceof Error) pending.reject(outcome);
    else pending.resolve(outcome);
  };

  const retire = (slot: Slot) => {
    clearTimeout(slot.idleTimer);
    slots.delete(slot);
    void slot.worker.terminate();
  };

  function start(): Slot {
    const slot: Slot = {
      worker: new Worker(workerUrl, {
        execArgv: workerExecArgv,
        resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      }),
      current: undefined,
      idleTimer: undefined,
    };
    const failed = () => {
      if (slot.current) settle(slot.current, new CalendarReadError('unreadable'));
      slot.current = undefined;
      retire(slot);
      dispatch();
    };
    slot.worker.on('message', (reply: BusyTimesReply) => {
      const pending = slot.current;
      slot.current = undefined;
      slot.worker.unref();
      if (pending)
        settle(
          pending,
          'problem' in reply
            ? new CalendarReadError(reply.problem === 'unreadable' ? 'unreadable' : reply.problem)
            : {
                busy: reply.busy.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
                crowdedSeries: reply.crowdedSeries,
              },
        );
      dispatch();
      if (!slot.current) {
        slot.idleTimer = setTimeout(() => retire(slot), idleMs);
        slot.idleTimer.unref();
      }
    });
    slot.worker.on('error', failed);
    slot.worker.on('exit', () => {
      if (slots.has(slot)) failed();
    });
    slots.add(slot);
    return slot;
  }

  function dispatch() {
    while (waiting.length > 0) {
      const idle = [...slots].find((slot) => !slot.current);
      const slot = idle ?? (slots.size < size ? start() : undefined);
      if (!slot) return;
      const pending = waiting.shift() as Pending;
      clearTimeout(slot.idleTimer);
      slot.current = pending;
      // Held while it works, so a short-lived command waits for its read; let go when idle.
      slot.worker.ref();
      slot.worker.postMessage(pending.job);
    }
  }

  return {
    read(texts, window, { timeoutMs, ownUids, limits }) {
      return new Promise<BusyTimesRead>((resolve, reject) => {
        const pending: Pending = {
          job: {
            texts: Array.isArray(texts) ? texts : [texts],
            from: window.from.getTime(),
            to: window.to.getTime(),
            timeZone: window.timeZone,
            ownUids: [...(ownUids ?? [])],
            ...(limits && { limits }),
          },
          resolve,
          reject,
          done: false,
          timer: setTimeout(() => {
            const index = waiting.indexOf(pending);
            if (index >= 0) waiting.splice(index, 1);
            for (const slot of slots)
              if (slot.current === pending) {
                slot.current = undefined;
                retire(slot);
              }
            settle(pending, new CalendarReadError('too-slow'));
            dispatch();
          }, timeoutMs),
        };
        waiting.push(pending);
        dispatch();
      });
    },
    running: () => slots.size,
    async close() {
      for (const pending of waiting.splice(0)) settle(pending, new CalendarReadError('too-slow'));
      const all = [...slots];
      for (const slot of all) {
        if (slot.current) settle(slot.current, new CalendarReadError('too-slow'));
        clearTimeout(slot.idleTimer);
        slots.delete(slot);
      }
      await Promise.all(all.map((slot) => slot.worker.terminate()));
    },
  };
}

/** The pool every calendar read of this process shares: two workers at most, started when first needed. */
let shared: BusyTimesPool | undefined;
export function busyTimesPool(): BusyTimesPool {
  shared ??= createBusyTimesPool();
  return shared;
}
