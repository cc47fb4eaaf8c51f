import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Publishes one iCalendar text on loopback, as Outlook or Google publish a calendar's feed. */
export async function serveFeed(ics: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(ics);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/calendar.ics`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
