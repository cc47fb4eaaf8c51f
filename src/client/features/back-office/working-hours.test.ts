import { describe, expect, it } from 'vitest';
import { type Hours, hoursStep, inWeekOrder, nextPeriod, periodsAtFault } from './working-hours.ts';

const closed = { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };
const hours: Hours = {
  ...closed,
  monday: [{ start: '09:00', end: '17:00' }],
  tuesday: [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '17:00' },
  ],
};
const start = { hours, closedWith: {} };

describe('changing the working hours a day at a time', () => {
  it('adds office hours to an empty day, else the hour after its last period, and goes to its start', () => {
    expect(hoursStep(start, { type: 'add', day: 'wednesday' })).toMatchObject({
      hours: { wednesday: [{ start: '09:00', end: '17:00' }] },
      focus: 'wednesday-0-start',
    });
    const added = hoursStep(start, { type: 'add', day: 'tuesday' });
    expect(added.hours.tuesday).toEqual([...hours.tuesday, { start: '17:00', end: '18:00' }]);
    expect(added.focus).toBe('tuesday-2-start');
    expect(added.hours.monday).toBe(hours.monday);
  });

  it('stops a new period at the last minute of the day, and starts afresh after an unfinished one', () => {
    expect(nextPeriod([{ start: '22:00', end: '23:30' }])).toEqual({ start: '23:30', end: '23:59' });
    expect(nextPeriod([{ start: '22:00', end: '' }])).toEqual({ start: '09:00', end: '17:00' });
  });

  it('removes a period and goes to the one before it, else the first, else the day’s Add button', () => {
    const second = hoursStep(start, { type: 'remove', day: 'tuesday', index: 1 });
    expect(second).toMatchObject({ hours: { tuesday: [hours.tuesday[0]] }, focus: 'tuesday-0-remove' });
    const first = hoursStep(start, { type: 'remove', day: 'tuesday', index: 0 });
    expect(first).toMatchObject({ hours: { tuesday: [hours.tuesday[1]] }, focus: 'tuesday-0-remove' });
    const last = hoursStep(start, { type: 'remove', day: 'monday', index: 0 });
    expect(last).toMatchObject({ hours: { monday: [] }, focus: 'monday-add' });
  });

  it('changes one time of one period', () => {
    const changed = hoursStep(start, { type: 'time', day: 'tuesday', index: 1, end: 'end', value: '18:30' });
    expect(changed.hours.tuesday).toEqual([hours.tuesday[0], { start: '13:00', end: '18:30' }]);
    expect(changed.focus).toBeNull();
  });

  it('closes a day and, opened again, gives back what it had; a day never open opens with office hours', () => {
    const shut = hoursStep(start, { type: 'close', day: 'tuesday' });
    expect(shut.hours.tuesday).toEqual([]);
    const reopened = hoursStep(shut, { type: 'open', day: 'tuesday' });
    expect(reopened.hours.tuesday).toEqual(hours.tuesday);
    expect(hoursStep(start, { type: 'open', day: 'sunday' }).hours.sunday).toEqual([
      { start: '09:00', end: '17:00' },
    ]);
  });
});

describe('pointing at what the server refused', () => {
  it('blames the periods that end before they start or overlap another, else every period of the day', () => {
    const backwards = { start: '17:00', end: '09:00' };
    expect([...periodsAtFault([{ start: '09:00', end: '12:00' }, backwards])]).toEqual([1]);
    expect([
      ...periodsAtFault([
        { start: '09:00', end: '13:00' },
        { start: '12:00', end: '17:00' },
        { start: '18:00', end: '19:00' },
      ]),
    ]).toEqual([0, 1]);
    expect([...periodsAtFault(hours.tuesday)]).toEqual([0, 1]);
  });

  it('orders the refusals as the form shows them: by weekday, the day before its periods, then the rest', () => {
    expect(
      inWeekOrder([
        'Call length: Enter a number of minutes',
        'Tuesday, second period: End after the start',
        'Tuesday: Periods overlap',
        'Monday, first period: Enter a start time',
        'Tuesday, first period: Enter an end time',
      ]),
    ).toEqual([
      'Monday, first period: Enter a start time',
      'Tuesday: Periods overlap',
      'Tuesday, first period: Enter an end time',
      'Tuesday, second period: End after the start',
      'Call length: Enter a number of minutes',
    ]);
  });
});
