import type { FastifyServerOptions } from 'fastify';
import type { ProxyTrust } from '../config.ts';

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
