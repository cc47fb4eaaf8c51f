import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCalendarServer, startFakeCalendarServer } from '#tests/support/ics-feed.ts';
import { rebindingLookup } from '#tests/support/rebinding-lookup.ts';
import { limitedFetch } from './limited-fetch.ts';
import { type HostLookup, reachesPrivateHost } from './private-hosts.ts';

const limits = { timeoutMs: 5000, maxBytes: 1024 * 1024 };

describe('requests to a calendar server', () => {
  let server: FakeCalendarServer;
  beforeEach(async () => {
    server = await startFakeCalendarServer();
    server.ics = 'x'.repeat(600);
  });
  afterEach(() => server.stop());

  it('share one size cap across the requests of one read', async () => {
    const limits = { timeoutMs: 5000, maxBytes: 1024 };
    const alone = limitedFetch(limits);
    expect((await (await alone(server.url)).text()).length).toBe(600);
    expect((await (await alone(server.url)).text()).length).toBe(600);

    const shared = limitedFetch({ ...limits, bytesRead: { total: 0 } });
    await shared(server.url);
    await expect(shared(server.url)).rejects.toThrow('The calendar is larger than 1 KB');
  });

  it('turn a refusal, a failure and silence into words', async () => {
    server.failWith = 401;
    await expect(limitedFetch({ timeoutMs: 5000, maxBytes: 1024 })(server.url)).rejects.toThrow(
      'The calendar server refused the user name or password',
    );
    server.failWith = 503;
    await expect(limitedFetch({ timeoutMs: 5000, maxBytes: 1024 })(server.url)).rejects.toThrow(
      'The calendar server answered 503',
    );
    server.failWith = undefined;
    server.hanging = true;
    await expect(limitedFetch({ timeoutMs: 1000, maxBytes: 1024 })(server.url)).rejects.toThrow(
      'The calendar server did not answer within 1 second',
    );
    await server.stop();
    await expect(limitedFetch({ timeoutMs: 1000, maxBytes: 1024 })(server.url)).rejects.toThrow(
      'The calendar server could not be reached',
    );
    server = await startFakeCalendarServer();
  });
});

describe('requests to a calendar server sent on elsewhere', () => {
  let first: FakeCalendarServer;
  let second: FakeCalendarServer;
  const credentials = { authorization: 'Basic YW5uOnNlY3JldC1wYXNzd29yZA==', cookie: 'session=abc' };
  beforeEach(async () => {
    first = await startFakeCalendarServer();
    second = await startFakeCalendarServer();
    second.ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    // Another port on the same address is another origin.
    first.redirectTo = second.url;
  });
  afterEach(async () => {
    await first.stop();
    await second.stop();
  });

  it('follow a redirect to another origin without the credentials or cookies', async () => {
    const response = await limitedFetch(limits)(first.url, { headers: credentials });
    expect(await response.text()).toBe(second.ics);
    expect(first.requests[0]?.headers).toMatchObject(credentials);
    expect(second.requests).toHaveLength(1);
    expect(second.requests[0]?.headers.authorization).toBeUndefined();
    expect(second.requests[0]?.headers.cookie).toBeUndefined();
  });

  it('keep the credentials on redirects within the same origin, up to five', async () => {
    first.redirectTo = `${first.url}?moved`;
    await expect(limitedFetch(limits)(first.url, { headers: credentials })).rejects.toThrow(
      'The calendar server answered 307',
    );
    expect(first.requests).toHaveLength(6);
    for (const request of first.requests) expect(request.headers).toMatchObject(credentials);
  });

  it('refuse a redirect to another origin when told to (a CalDAV read), sending it nothing', async () => {
    await expect(
      limitedFetch({ ...limits, crossOriginRedirects: 'refuse' })(first.url, {
        method: 'PROPFIND',
        headers: credentials,
      }),
    ).rejects.toThrow('The calendar server sends its requests on to another server');
    expect(second.requests).toEqual([]);
  });
});

describe('requests to a calendar server in production', () => {
  let server: FakeCalendarServer;
  beforeEach(async () => {
    server = await startFakeCalendarServer();
    server.ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
  });
  afterEach(() => server.stop());

  it('are refused when the name resolves to a private address as they connect (DNS rebinding)', async () => {
    const { port } = new URL(server.url);
    const url = `http://calendar.example:${port}/calendar.ics`;
    const lookup = rebindingLookup('93.184.216.34', '127.0.0.1');
    // Public when the calendar was connected (connect.ts asks), the machine itself when it is read.
    expect(await reachesPrivateHost(url, lookup)).toBe(false);
    await expect(limitedFetch({ ...limits, refusePrivateHosts: true, lookup })(url)).rejects.toThrow(
      'The calendar’s address is on a private network, which the site does not read',
    );
    expect(lookup.asked).toEqual(['calendar.example', 'calendar.example']);
    expect(server.requests).toEqual([]);
  });

  it('are refused for a private address written as such, before any connection', async () => {
    await expect(limitedFetch({ ...limits, refusePrivateHosts: true })(server.url)).rejects.toThrow(
      'The calendar’s address is on a private network, which the site does not read',
    );
    expect(server.requests).toEqual([]);
  });

  it('are made to a name that resolves to a public address only', async () => {
    // A name with a public and a private address is refused, whichever comes first.
    const lookup: HostLookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const { port } = new URL(server.url);
    await expect(
      limitedFetch({ ...limits, refusePrivateHosts: true, lookup })(`http://calendar.example:${port}/x.ics`),
    ).rejects.toThrow('on a private network');
    expect(server.requests).toEqual([]);
  });
});
