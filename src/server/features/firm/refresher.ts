import type { Logger } from 'pino';
import { createPoller, type Poller } from '#server/jobs/poller.ts';
import type { LiveFirm } from './live-firm.ts';

/**
 * Keeps an instance's firm in step with the database: checked every few seconds (one indexed query), so
 * a save on any instance reaches every instance's pages and emails without a restart.
 */
export function createFirmRefresher(
  firm: LiveFirm,
  { log, pollIntervalMs = 5_000 }: { log: Logger; pollIntervalMs?: number },
): Poller {
  return createPoller(async () => ((await firm.refreshIfChanged()) ? 1 : 0), {
    pollIntervalMs,
    log,
    what: 'firm refresh',
  });
}
