import { isIP } from 'node:net';
import type { HostLookup } from '#server/features/calendars/private-hosts.ts';

/**
 * A resolver whose answers change from one question to the next, as a hostile DNS server's do (DNS
 * rebinding): the first question gets the first answer, and so on, the last answer repeating. It stands
 * in for DNS, which lies outside the machine. `asked` lists the names asked, in order.
 */
export function rebindingLookup(...answers: string[]): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string) => {
    const address = answers[Math.min(asked.length, answers.length - 1)] as string;
    asked.push(hostname);
    return [{ address, family: isIP(address) }];
  };
  return Object.assign(lookup, { asked });
}
