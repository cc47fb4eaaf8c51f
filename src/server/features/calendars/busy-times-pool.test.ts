import { afterEach, expect, it } from 'vitest';
import { icalendar, vevent } from '#tests/support/icalendar.ts';
import { type BusyTimesPool, createBusyTimesPool } from './busy-times-pool.ts';

const window = {
  from: new Date('2027-03-14T00:00:00Z'),
  to: new Date('2027-04-06T00:00:00Z'),
  timeZone: 'Europe/London',
};
const meeting = vevent('UID:real', 'DTSTART:20270317T120000Z', 'DTEND:20270317T130000Z');
// Every second since 1900, with no cap to stop it: minutes of work for whoever expands it.
const spinning = icalendar(
  vevent('UID:spin', 'DTSTART:19000101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY'),
);
const noCaps = { maxStepsPerSeries: 1e12, maxIntervalsPerSeries: 1e12, maxIntervals: 1e12 };

let pool: BusyTimesPool;
afterEach(() => pool.close());

it('reads busy times in a worker thread, leaving out the calls booked here', async () => {
  pool = createBusyTimesPool();
  const text = icalendar(meeting, vevent('UID:ref-1', 'DTSTART:20270318T120000Z', 'DTEND:20270318T130000Z'));
  const read = await pool.read(text, window, { timeoutMs: 10_000, ownUids: ['ref-1'] });
  expect(read.busy.map(({ start, end }) => [start.toISOString(), end.toISOString()])).toEqual([
    ['2027-03-17T12:00:00.000Z', '2027-03-17T13:00:00.000Z'],
  ]);
  await expect(pool.read('<html>Sign in</html>', window, { timeoutMs: 10_000 })).rejects.toThrow(
    'The feed is not an iCalendar file',
  );
});

it('ends a read past its time limit in words, while the main thread stays free, and reads the next one', async () => {
  pool = createBusyTimesPool({ size: 1 });
  let longestGapMs = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const at = performance.now();
    longestGapMs = Math.max(longestGapMs, at - last);
    last = at;
  }, 10);
  try {
    const started = performance.now();
    await expect(pool.read(spinning, window, { timeoutMs: 1000, limits: noCaps })).rejects.toThrow(
      'The calendar took too long to read',
    );
    expect(performance.now() - started).toBeLessThan(3000);
  } finally {
    clearInterval(ticker);
  }
  // A read on the main thread would stop the ticker for the whole second it spins; a loaded machine may
  // hold the ticker back a tenth or two of that, never half.
  expect(longestGapMs).toBeLessThan(500);
  // A read waiting behind it counts its wait in its own time limit; the next one has a fresh worker.
  const read = await pool.read(icalendar(meeting), window, { timeoutMs: 10_000 });
  expect(read.busy).toHaveLength(1);
});

it('fails a read still waiting for a worker at its time limit', async () => {
  pool = createBusyTimesPool({ size: 1 });
  const first = pool.read(spinning, window, { timeoutMs: 1500, limits: noCaps });
  const second = pool.read(icalendar(meeting), window, { timeoutMs: 300 });
  await expect(second).rejects.toThrow('The calendar took too long to read');
  await expect(first).rejects.toThrow('The calendar took too long to read');
});

it('stops a worker left idle, and starts one again for the next read', async () => {
  pool = createBusyTimesPool({ idleMs: 200 });
  await pool.read(icalendar(meeting), window, { timeoutMs: 10_000 });
  expect(pool.running()).toBe(1);
  await expect.poll(() => pool.running(), { timeout: 2000 }).toBe(0);
  const again = await pool.read(icalendar(meeting), window, { timeoutMs: 10_000 });
  expect(again.busy).toHaveLength(1);
  expect(pool.running()).toBe(1);
});
