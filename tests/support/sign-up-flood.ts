import { post } from './enquiries.ts';
import type { RunningSite } from './site.ts';

export interface SignUpFlood {
  /** The addresses the site acknowledged (answered 2xx), in the order the answers came. */
  accepted: string[];
  /** Ends when every loop has stopped: after stop(), or once the server stops answering. */
  loops: Promise<void>;
  /** Asks every loop to end after its request in flight. */
  stop(): Promise<void>;
}

/**
 * Sends mailing-list sign-ups (POST /subscribe) from `parallel` loops at once, each posting again as soon
 * as its last one is answered, until stopped or the server is gone. The flood comes from one address: the
 * site needs RATE_LIMIT_PER_MINUTE raised so every post reaches the database.
 */
export function floodSignUps(
  site: Pick<RunningSite, 'url'>,
  parallel: number,
  prefix = 'flood',
): SignUpFlood {
  const accepted: string[] = [];
  let next = 0;
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      const email = `${prefix}-${next++}@example.com`;
      try {
        const response = await post(site, '/subscribe', { emailAddress: email, submitMethod: '2' });
        if (response.ok) accepted.push(email);
        await response.body?.cancel();
      } catch {
        return; // the connection was cut: the server is gone
      }
    }
  };
  const loops = Promise.all(Array.from({ length: parallel }, loop)).then(() => {});
  return {
    accepted,
    loops,
    async stop() {
      stopped = true;
      await loops;
    },
  };
}
