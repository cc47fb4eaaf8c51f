import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rebindingLookup } from '#tests/support/rebinding-lookup.ts';
import { type CalDavSource, deleteCalendarObject, putCalendarObject } from './caldav-objects.ts';
import { reachesPrivateHost } from './private-hosts.ts';

describe('writing to a calendar server that misbehaves', () => {
  let server: Server;
  let answer: (request: IncomingMessage) => number | 'hang';
  const seen: { method: string; url: string; authorization: string }[] = [];
  let source: CalDavSource;

  beforeEach(async () => {
    seen.length = 0;
    server = createServer((request, response) => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization ?? '',
      });
      const status = answer(request);
      if (status === 'hang') return;
      response.writeHead(status, { location: 'https://elsewhere.example/' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    source = {
      kind: 'caldav',
      url: `http://127.0.0.1:${port}/ann/work`,
      username: 'ann',
      password: 'secret-password-123',
    };
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each([
    [500, 'The calendar server failed (it answered 500).'],
    [403, 'The calendar server refused the user name or password (it answered 403).'],
    [404, 'The calendar server has no calendar at the address given (it answered 404).'],
    [301, "The calendar server sent the request elsewhere (it answered 301); check the calendar's address."],
  ])(
    'explains an answer %i in words that name neither the address nor the password',
    async (status, words) => {
      answer = () => status;
      const failure = putCalendarObject(source, 'BK-1.ics', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
      await expect(failure).rejects.toThrow(words);
      expect(seen).toEqual([
        {
          method: 'PUT',
          url: '/ann/work/BK-1.ics',
          authorization: `Basic ${Buffer.from('ann:secret-password-123').toString('base64')}`,
        },
      ]);
    },
  );

  it('gives up on a server that does not answer in time', async () => {
    answer = () => 'hang';
    await expect(putCalendarObject(source, 'BK-1.ics', 'x', 300)).rejects.toThrow(
      'The calendar server did not answer within 0.3 seconds.',
    );
  });

  it('counts an event already there as written, and one already gone as deleted', async () => {
    answer = (request) => (request.method === 'PUT' ? 412 : 404);
    expect(await putCalendarObject(source, 'BK-1.ics', 'x')).toBe(`${source.url}/BK-1.ics`);
    await expect(deleteCalendarObject(source, `${source.url}/BK-1.ics`)).resolves.toBeUndefined();
  });

  it("never sends the calendar's credentials to another server", async () => {
    answer = () => 204;
    await expect(deleteCalendarObject(source, 'http://127.0.0.2:1/ann/work/BK-1.ics')).rejects.toThrow(
      "The event's address is not on the calendar's server.",
    );
    expect(seen).toEqual([]);
  });

  it('refuses, in production, a server whose name resolves to a private address when written to (DNS rebinding)', async () => {
    answer = () => 204;
    const { port } = new URL(source.url);
    const named = { ...source, url: `http://calendar.example:${port}/ann/work` };
    // Public when the calendar was connected (connect.ts asks), the machine itself at each write.
    const lookup = rebindingLookup('93.184.216.34', '127.0.0.1');
    expect(await reachesPrivateHost(named.url, lookup)).toBe(false);
    const production = { refusePrivateHosts: true, lookup };
    const words = "The calendar's address is on a private network, which the site does not write to.";
    await expect(putCalendarObject(named, 'BK-1.ics', 'x', 5000, production)).rejects.toThrow(words);
    await expect(deleteCalendarObject(named, `${named.url}/BK-1.ics`, 5000, production)).rejects.toThrow(
      words,
    );
    await expect(
      putCalendarObject(source, 'BK-1.ics', 'x', 5000, { refusePrivateHosts: true }),
    ).rejects.toThrow(words);
    expect(seen).toEqual([]);
  });
});
