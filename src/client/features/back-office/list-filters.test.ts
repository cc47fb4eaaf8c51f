import { describe, expect, it } from 'vitest';
import {
  cursorsFor,
  firstPage,
  groupRows,
  pageQuery,
  pagingStep,
  queryString,
  readFilters,
  withFilter,
} from './list-filters.ts';

const agenda = { stage: true, when: true, statuses: { confirmed: 'Confirmed', cancelled: 'Cancelled' } };
const enquiries = { stage: true };

describe('a list’s filters from the address bar', () => {
  it('takes those the list can read', () => {
    const search = new URLSearchParams(
      'q=ann&stage=won&status=cancelled&from=2027-03-01&to=2027-03-31&when=past',
    );
    expect(readFilters(agenda, search)).toEqual({
      filters: {
        q: 'ann',
        stage: 'won',
        status: 'cancelled',
        from: '2027-03-01',
        to: '2027-03-31',
        when: 'past',
      },
      ignored: [],
    });
  });

  it('leaves out, and names, what an edited or old link holds that the list cannot read', () => {
    const search = new URLSearchParams(
      'stage=archived&status=cancelled&from=31/03/2027&order=oldest&when=past&q=',
    );
    expect(readFilters(enquiries, search)).toEqual({
      filters: { order: 'oldest' },
      ignored: ['Stage', 'Status', 'From', 'Calls'],
    });
    expect(readFilters(agenda, new URLSearchParams('order=oldest'))).toEqual({
      filters: {},
      ignored: ['Order'],
    });
  });

  it('makes a query of the filters that are set, or none at all', () => {
    expect(queryString({ q: 'ann smith', stage: undefined, to: '', order: 'oldest' })).toBe(
      '?q=ann+smith&order=oldest',
    );
    expect(queryString({ q: '' })).toBe('');
  });

  it('forgets a filter emptied in the form', () => {
    expect(withFilter({ q: 'ann', stage: 'won' }, 'stage', '')).toEqual({ q: 'ann', stage: undefined });
    expect(withFilter({ q: 'ann' }, 'stage', 'won')).toEqual({ q: 'ann', stage: 'won' });
  });
});

describe('a list’s pages', () => {
  it('goes forward on the server’s cursors and back again to the first page', () => {
    const first = firstPage('?stage=won');
    expect(pageQuery({ stage: 'won' }, first, '?stage=won')).toBe('?stage=won');
    const second = pagingStep(first, '?stage=won', { type: 'next', after: 'c1' });
    const third = pagingStep(second, '?stage=won', { type: 'next', after: 'c2' });
    expect(pageQuery({ stage: 'won' }, third, '?stage=won')).toBe('?stage=won&after=c2');
    const back = pagingStep(third, '?stage=won', { type: 'previous' });
    expect(pageQuery({ stage: 'won' }, back, '?stage=won')).toBe('?stage=won&after=c1');
    const start = pagingStep(pagingStep(back, '?stage=won', { type: 'previous' }), '?stage=won', {
      type: 'previous',
    });
    expect(cursorsFor(start, '?stage=won')).toEqual([undefined]);
  });

  it('starts again from the first page when the filters change', () => {
    const second = pagingStep(firstPage(''), '', { type: 'next', after: 'c1' });
    expect(cursorsFor(second, '?q=ann')).toEqual([undefined]);
    expect(pageQuery({ q: 'ann' }, second, '?q=ann')).toBe('?q=ann');
    expect(pagingStep(second, '?q=ann', { type: 'next', after: 'd1' })).toEqual({
      filters: '?q=ann',
      cursors: [undefined, 'd1'],
    });
  });

  it('groups rows under a heading each, in the order they come', () => {
    const rows = [
      { day: '2027-03-02', ref: 'a' },
      { day: '2027-03-03', ref: 'b' },
      { day: '2027-03-02', ref: 'c' },
    ];
    expect(
      [...groupRows(rows, (row) => row.day)].map(([day, of]) => [day, of.map((row) => row.ref)]),
    ).toEqual([
      ['2027-03-02', ['a', 'c']],
      ['2027-03-03', ['b']],
    ]);
    expect([...groupRows(rows)]).toEqual([['', rows]]);
  });
});
