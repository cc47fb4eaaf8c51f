import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { ProxyTrust } from '../config.ts';
import { isNetworkAddress } from './source-address.ts';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A proxy that appends to X-Forwarded-For (nginx's
 * `$proxy_add_x_forwarded_for`; Caddy replaces the header instead) passes on whatever the visitor wrote
 * before it, so only the entries our own proxies appended are believed: those of the nearest `hops`
 * peers, or of the listed ones. Fastify
 * itself trusts nobody when given a bare number (a hop count cannot tell a proxy from a visitor who
 * reaches the app directly), so the count is a function here; that is why a site that counts hops must
 * be reachable only through its proxy.
 */
export function trustProxyOption(trust: ProxyTrust): FastifyServerOptions['trustProxy'] {
  switch (trust.kind) {
    case 'none':
      return false;
    case 'hops':
      return (_address: string, hop: number) => hop < trust.hops;
    case 'addresses':
      return trust.addresses;
  }
}

/**
 * Drops from X-Forwarded-For the entries left of (and including) the right-most one that is not an
 * address. No proxy writes such an entry, so it was written by whoever sent the request to the proxy (or
 * by a program on a trusted address that talks to the app directly); left in, Fastify would take the text
 * as the visitor's address, and every new text would be a new visitor to the rate limits. Called with
 * each request before anything reads its address, so the request log, the limits and the audit log all
 * see the same. Changes nothing when every entry is an address.
 */
export function dropUnreadableForwardedEntries(request: IncomingMessage) {
  const header = request.headers['x-forwarded-for'];
  if (header === undefined) return;
  const entries = [header]
    .flat()
    .join(',')
    .split(',')
    .map((entry) => entry.trim());
  const unreadable = entries.findLastIndex((entry) => !isNetworkAddress(entry));
  if (unreadable === -1) return;
  const kept = entries.slice(unreadable + 1);
  if (kept.length > 0) request.headers['x-forwarded-for'] = kept.join(', ');
  else delete request.headers['x-forwarded-for'];
}
