import { describe, expect, it } from 'vitest';
import { promiseCutoff, promisedWait } from './reply-promise.ts';

describe('the firm’s reply promise as a length', () => {
  it('reads hours and working days from the firm’s words, and nothing from words without a length', () => {
    expect(promisedWait('one working day')).toEqual({ workingDays: 1 });
    expect(promisedWait('2 business days')).toEqual({ workingDays: 2 });
    expect(promisedWait('24 hours')).toEqual({ hours: 24 });
    expect(promisedWait('a day')).toEqual({ workingDays: 1 });
    expect(promisedWait('Forty-eight hours')).toEqual({ hours: 48 });
    expect(promisedWait('two working hours')).toEqual({ hours: 2 });
    expect(promisedWait('as soon as we can')).toBeNull();
    expect(promisedWait('')).toBeNull();
  });

  it('counts working days back over a weekend', () => {
    // Monday 10am: one working day back is Friday 10am; two is Thursday.
    const monday = new Date('2026-12-07T10:00:00Z');
    expect(promiseCutoff({ workingDays: 1 }, monday).toISOString()).toBe('2026-12-04T10:00:00.000Z');
    expect(promiseCutoff({ workingDays: 2 }, monday).toISOString()).toBe('2026-12-03T10:00:00.000Z');
    expect(promiseCutoff({ hours: 24 }, monday).toISOString()).toBe('2026-12-06T10:00:00.000Z');
  });
});
