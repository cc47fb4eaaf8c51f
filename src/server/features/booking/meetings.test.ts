import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '#server/time/clock.ts';
import { type FakeZoom, startFakeZoom } from '#tests/support/fake-zoom.ts';
import { zoomMeetings } from './meetings.ts';

const credentials = { accountId: 'acc-1', clientId: 'client-1', clientSecret: 'secret-1' };
const request = {
  topic: 'Initial call',
  start: new Date('2030-01-07T09:00:00Z'),
  minutes: 30,
  timeZone: 'Europe/London',
};
let zoom: FakeZoom;

beforeAll(async () => {
  zoom = await startFakeZoom(credentials);
});
afterAll(() => zoom.stop());

const provider = () =>
  zoomMeetings({ ...credentials, oauthUrl: zoom.url, apiUrl: `${zoom.url}/v2` }, systemClock, 300);

it('gives up on a Zoom that does not answer, within the bounded time and saying so', async () => {
  zoom.hanging = true;
  const started = Date.now();
  await expect(provider().create(request)).rejects.toThrow('Zoom did not answer within 300 ms');
  expect(Date.now() - started).toBeLessThan(3000);
});

it('creates the meeting once Zoom answers again', async () => {
  zoom.hanging = false;
  const meeting = await provider().create(request);
  expect(meeting.url).toMatch(/^https:\/\/us02web\.zoom\.us\/j\/\d+\?pwd=fake$/);
  expect(zoom.meetings.at(-1)).toMatchObject({
    topic: 'Initial call',
    duration: 30,
    start_time: '2030-01-07T09:00:00Z',
  });
});
