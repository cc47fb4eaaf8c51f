import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { type HostLookup, isPrivateAddress, systemLookup } from './private-hosts.ts';

// Every request to an adviser's calendar server (reads and writes alike) is made through undici with a
// dispatcher from here. In production it refuses a connection to a private address (private-hosts.ts)
// at the moment the socket is opened: the name is resolved once, the addresses it answers are checked,
// and the socket connects only to those. A name that resolved to a public address when the calendar was
// connected, and to 127.0.0.1 later (DNS rebinding), is refused then; so is a redirect's new host, since
// following it opens a new connection.

/** The error a refused connection fails with; callers turn it into words of their own. */
export class PrivateHostRefused extends Error {
  readonly code = 'EPRIVATEHOST';
  constructor() {
    super('refused a connection to a private address');
  }
}

/** Whether a failed request failed because its host is private (fetch wraps the cause once or twice). */
export function refusedAsPrivate(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof PrivateHostRefused) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for net.connect and tls.connect that answers only public addresses, or fails. */
export function publicOnlyLookup(resolve: HostLookup) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = found.filter(({ family }) => !options.family || family === options.family);
        if (wanted.some(({ address }) => isPrivateAddress(address))) {
          callback(new PrivateHostRefused(), []);
          return;
        }
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
          return;
        }
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]?.address ?? '', wanted[0]?.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

/** An undici Agent whose connections never reach a private address. */
function publicOnlyAgent(resolve: HostLookup): Dispatcher {
  const connectResolved = buildConnector({ lookup: publicOnlyLookup(resolve) });
  return new Agent({
    connect(options, callback) {
      // An IP literal is connected to without a lookup, so it is judged here.
      const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) && isPrivateAddress(host)) {
        callback(new PrivateHostRefused(), null);
        return;
      }
      connectResolved(options, callback);
    },
  });
}

export interface CalendarNetwork {
  /** Refuse connections to private addresses (production). */
  refusePrivateHosts?: boolean | undefined;
  /** How host names are resolved; the system's resolver unless told (tests give their own). */
  lookup?: HostLookup | undefined;
}

const agents = new WeakMap<HostLookup, Dispatcher>();

/** The dispatcher for calendar requests: undici's own when private hosts are allowed (development). */
export function calendarDispatcher(network: CalendarNetwork): Dispatcher | undefined {
  if (!network.refusePrivateHosts) return undefined;
  const resolve = network.lookup ?? systemLookup;
  let agent = agents.get(resolve);
  if (!agent) {
    agent = publicOnlyAgent(resolve);
    agents.set(resolve, agent);
  }
  return agent;
}
