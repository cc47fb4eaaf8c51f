import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCalendarServer, startFakeCalendarServer } from '#tests/support/ics-feed.ts';
import { limitedFetch } from './limited-fetch.ts';

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
