import type { Logger } from 'pino';

/** A worker that runs passes over a queue: on a timer, and at once when kicked. */
export interface Poller {
  /** Runs a pass now and then one every poll interval. */
  start(): void;
  /** Asks for a pass now (after the one running, if any); does nothing once stopped. */
  kick(): void;
  /** Runs one pass (or joins the one running); resolves with how many items it handled. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for the pass in progress. */
  stop(): Promise<void>;
  /** True once stop() was called: a pass should finish its current item and end. */
  readonly stopped: boolean;
}

/**
 * The timing shared by the mail outbox and the calendar writer: one pass at a time in this process, a
 * kick during a pass asking for one more after it, a timer that keeps the process alive for nothing
 * (unref), and a failed pass logged rather than thrown, so the next poll tries again.
 */
export function createPoller(
  pass: () => Promise<number>,
  { pollIntervalMs, log, what }: { pollIntervalMs: number; log: Logger; what: string },
): Poller {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  let kicked = false;

  function runOnce() {
    if (running) {
      kicked = true;
      return running;
    }
    running = pass()
      .catch((error) => {
        log.error({ err: error }, `${what} pass failed`);
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (kicked && !stopped) {
          kicked = false;
          void runOnce();
        }
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runOnce();
      schedule();
    }, pollIntervalMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void runOnce();
      schedule();
    },
    kick() {
      if (!stopped) void runOnce();
    },
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    get stopped() {
      return stopped;
    },
  };
}
