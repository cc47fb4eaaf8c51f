import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

export interface FakeSiteverify {
  url: string;
  requests: SiteverifyRequest[];
  /** What siteverify answers for a token; a token it was never told of is refused as invalid. */
  answers: Map<string, Record<string, unknown> | 'hang'>;
  stop(): Promise<void>;
}

/**
 * A local server answering as Google's and Cloudflare's siteverify do: a form post of secret, response and
 * remoteip; a token is good once (a second use gets 'timeout-or-duplicate'); a wrong secret gets
 * 'invalid-input-secret'. 'hang' never answers, as an outage looks to the caller.
 */
export async function startFakeSiteverify(secret: string): Promise<FakeSiteverify> {
  const used = new Set<string>();
  const fake: FakeSiteverify = { url: '', requests: [], answers: new Map(), stop: async () => {} };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const token = form.get('response') ?? '';
      fake.requests.push({
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
      });
      const answer = fake.answers.get(token);
      if (answer === 'hang') return;
      const send = (payload: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (form.get('secret') !== secret)
        return send({ success: false, 'error-codes': ['invalid-input-secret'] });
      if (!answer) return send({ success: false, 'error-codes': ['invalid-input-response'] });
      if (used.has(token)) return send({ success: false, 'error-codes': ['timeout-or-duplicate'] });
      used.add(token);
      send({ challenge_ts: new Date().toISOString(), ...answer });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  fake.stop = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
