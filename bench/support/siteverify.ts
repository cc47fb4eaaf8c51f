import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a hosted bot check's siteverify that passes every token for the action the token names,
 * so the benchmark loads the booking endpoint as it runs in production (one siteverify call per booking)
 * without solving a challenge per request.
 */
export async function startPassingSiteverify(hostname: string) {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const action = new URLSearchParams(body).get('response');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: true, action, hostname }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
