import { describe, expect, it } from 'vitest';
import { isListedTimeZone } from '#shared/booking-settings.ts';
import { timeZoneOptions } from './time-zones.ts';

const winter = new Date('2026-01-15T12:00:00Z');
const summer = new Date('2026-07-15T12:00:00Z');

describe('the time zones the Availability screen offers', () => {
  it("offers the firm's likely zones first, named by city, zone and today's offset from GMT", () => {
    expect(timeZoneOptions('Europe/London', winter).likely).toEqual([
      { value: 'Europe/London', label: 'London (Europe/London), GMT+0' },
      { value: 'Europe/Dublin', label: 'Dublin (Europe/Dublin), GMT+0' },
    ]);
    expect(timeZoneOptions('Europe/London', summer).likely.map((zone) => zone.label)).toEqual([
      'London (Europe/London), GMT+1',
      'Dublin (Europe/Dublin), GMT+1',
    ]);
    const { others } = timeZoneOptions('Europe/London', summer);
    expect(others.map((zone) => zone.value)).not.toContain('Europe/London');
    expect(others).toContainEqual({ value: 'Asia/Kolkata', label: 'Kolkata (Asia/Kolkata), GMT+5:30' });
    expect(others).toContainEqual({
      value: 'America/New_York',
      label: 'New York (America/New_York), GMT-4',
    });
    const labels = others.map((zone) => zone.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en-GB')));
  });

  it('shows current names rather than the old ones browsers still list, each once, and each one the server takes', () => {
    const values = timeZoneOptions('Europe/London', winter).others.map((zone) => zone.value);
    for (const old of ['Africa/Asmera', 'Asia/Calcutta', 'Europe/Kiev', 'Asia/Saigon', 'America/Godthab']) {
      expect(values).not.toContain(old);
    }
    expect(values).toEqual(expect.arrayContaining(['Africa/Asmara', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh']));
    expect(new Set(values).size).toBe(values.length);
    expect(values.filter((zone) => !isListedTimeZone(zone))).toEqual([]);
  });

  it('keeps a saved zone the browser does not list, such as UTC, so the list can show it', () => {
    expect(timeZoneOptions('UTC', winter).others).toContainEqual({ value: 'UTC', label: 'UTC (UTC), GMT+0' });
    expect(
      timeZoneOptions('Asia/Calcutta', winter, ['Asia/Calcutta']).others.map((zone) => zone.value),
    ).toEqual(['Asia/Calcutta', 'Asia/Kolkata']);
  });
});
