import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeCalendarServer {
  /** Where the feed is served, e.g. http://127.0.0.1:PORT/calendar.ics */
  url: string;
  /** What the feed holds; its ETag changes with it. */
  ics: string;
  /** Answered with this status and a short HTML page instead, e.g. 500 (or 200 for a sign-in page). */
  failWith: number | undefined;
  /** While true, requests are held open and never answered, as a server that hangs. */
  hanging: boolean;
  /** Answered with 307 to this address instead, as a server that sends its requests on elsewhere. */
  redirectTo: string | undefined;
  /** The method and headers of every request received, in order. */
  requests: { method: string; headers: IncomingHttpHeaders }[];
  stop(): Promise<void>;
}

const lastModified = 'Mon, 01 Mar 2027 09:00:00 GMT';

/**
 * A local HTTP server publishing an iCalendar feed, as Outlook or Google do: ETag and Last-Modified on
 * each answer, 304 to a conditional GET whose validators still match. It can also fail or hang, standing
 * in for a calendar server (CalDAV or feed) that does.
 */
export async function startFakeCalendarServer(): Promise<FakeCalendarServer> {
  const sockets = new Set<Socket>();
  const etagOf = (text: string) => `"${Buffer.from(text).toString('base64url').slice(-16)}-${text.length}"`;
  const server = createServer((request, response: ServerResponse) => {
    feed.requests.push({ method: request.method ?? '', headers: request.headers });
    request.resume();
    if (feed.hanging) return;
    if (feed.redirectTo !== undefined) {
      response.writeHead(307, { location: feed.redirectTo });
      response.end();
      return;
    }
    if (feed.failWith !== undefined) {
      response.writeHead(feed.failWith, { 'content-type': 'text/html' });
      response.end('<html><body>Something went wrong</body></html>');
      return;
    }
    const etag = etagOf(feed.ics);
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag, 'last-modified': lastModified });
      response.end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/calendar; charset=utf-8',
      etag,
      'last-modified': lastModified,
    });
    response.end(feed.ics);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const feed: FakeCalendarServer = {
    url: `http://127.0.0.1:${port}/calendar.ics`,
    ics: '',
    failWith: undefined,
    hanging: false,
    redirectTo: undefined,
    requests: [],
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return feed;
}
