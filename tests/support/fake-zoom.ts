import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeZoom {
  url: string;
  /** While true, every request fails with 503, as during a Zoom outage. */
  down: boolean;
  /** While true, requests are held open and never answered, as when Zoom hangs. */
  hanging: boolean;
  meetings: { topic: string; start_time: string; duration: number; timezone: string }[];
  stop(): Promise<void>;
}

/**
 * A local server speaking Zoom's Server-to-Server OAuth protocol: POST /oauth/token with Basic client
 * credentials and grant_type=account_credentials, then POST /v2/users/me/meetings with the bearer token.
 */
export async function startFakeZoom(credentials: {
  accountId: string;
  clientId: string;
  clientSecret: string;
}) {
  const token = 'fake-access-token';
  const zoom: FakeZoom = { url: '', down: false, hanging: false, meetings: [], stop: async () => {} };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (zoom.hanging) return;
      if (zoom.down) return send(503, { code: 503, message: 'Service unavailable' });
      const url = new URL(request.url ?? '/', 'http://zoom.test');
      if (request.method === 'POST' && url.pathname === '/oauth/token') {
        const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
        if (request.headers.authorization !== expected)
          return send(401, { reason: 'Invalid client_id or client_secret' });
        if (
          url.searchParams.get('grant_type') !== 'account_credentials' ||
          url.searchParams.get('account_id') !== credentials.accountId
        ) {
          return send(400, { reason: 'unsupported grant type' });
        }
        return send(200, {
          access_token: token,
          token_type: 'bearer',
          expires_in: 3599,
          scope: 'meeting:write:admin',
        });
      }
      if (request.method === 'POST' && url.pathname === '/v2/users/me/meetings') {
        if (request.headers.authorization !== `Bearer ${token}`)
          return send(401, { code: 124, message: 'Invalid access token.' });
        const meeting = JSON.parse(body);
        zoom.meetings.push(meeting);
        const id = 85_000_000_000 + zoom.meetings.length;
        return send(201, {
          id,
          join_url: `https://us02web.zoom.us/j/${id}?pwd=fake`,
          start_time: meeting.start_time,
          ...meeting,
        });
      }
      send(404, { code: 404, message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  zoom.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  zoom.stop = () =>
    new Promise((resolve) => {
      server.closeAllConnections(); // including any request it is holding open
      server.close(() => resolve());
    });
  return zoom;
}
