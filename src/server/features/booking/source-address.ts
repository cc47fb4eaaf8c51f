import { createHmac } from 'node:crypto';
import { networkOf } from '#server/http/source-address.ts';

/**
 * What a booking keeps of the address it came from: an HMAC of its network (an IPv6 address's /64, see
 * http/source-address.ts) under a key derived from the app's secret, so bookings from one network can be
 * counted without a readable address being stored.
 */
export function sourceAddressHasher(secret: string): (ip: string) => string {
  const key = createHmac('sha256', secret).update('booking-source-address').digest();
  return (ip) => createHmac('sha256', key).update(networkOf(ip)).digest('hex');
}
