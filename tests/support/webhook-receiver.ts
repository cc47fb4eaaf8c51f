import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// The firm's practice software as the signed webhook meets it (docs/api.md): a receiver on loopback that
// keeps what arrives, and the signature check docs/api.md tells a receiver to make.

export interface Received {
  signature: string;
  delivery: string;
  body: string;
}

/**
 * A receiver as the firm's software would run one: it keeps what arrives and answers with the next status
 * it is told to (200 once the list runs out).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        signature: String(request.headers['x-practice-site-signature'] ?? ''),
        delivery: String(request.headers['x-practice-site-delivery'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/practice-site`,
    received,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The receiver's check, as docs/api.md tells one to make it: the HMAC of "t.body" under the secret. */
export function verified(secret: string, { signature, body }: Received) {
  const parts = Object.fromEntries(signature.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
