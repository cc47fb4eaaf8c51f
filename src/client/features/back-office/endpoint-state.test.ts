import { describe, expect, it } from 'vitest';
import {
  type EndpointEvent,
  type EndpointState,
  endpointReducer,
  notAsked,
  stateFor,
} from './endpoint-state.ts';

type Page = { rows: string[] };
const run = (events: EndpointEvent<Page>[], from: EndpointState<Page> = notAsked('')) =>
  events.reduce(endpointReducer<Page>, from);

const ask = (key: string, request: number, keepPrevious = false): EndpointEvent<Page> => ({
  type: 'asked',
  key,
  request,
  keepPrevious,
});
const answer = (request: number, ...rows: string[]): EndpointEvent<Page> => ({
  type: 'answered',
  request,
  data: { rows },
});
const fail = (request: number, quiet = false): EndpointEvent<Page> => ({
  type: 'failed',
  request,
  problems: ['The database is unavailable.'],
  quiet,
});

describe('one endpoint read by a screen', () => {
  it('is loading until its answer comes, then shows it', () => {
    const asked = run([ask('staff', 1)]);
    expect(asked).toMatchObject({ data: null, loading: true, problems: null });
    expect(run([answer(1, 'ann')], asked)).toMatchObject({ data: { rows: ['ann'] }, loading: false });
  });

  it('shows what went wrong in words, and nothing loaded', () => {
    expect(run([ask('staff', 1), fail(1)])).toMatchObject({
      data: null,
      loading: false,
      problems: ['The database is unavailable.'],
    });
  });

  it('drops a late answer to an earlier input, keeping the one asked last', () => {
    const state = run([ask('page 1', 1), ask('page 2', 2), answer(2, 'second'), answer(1, 'first')]);
    expect(state.data).toEqual({ rows: ['second'] });
    expect(run([ask('page 1', 1), ask('page 2', 2), fail(1)]).problems).toBeNull();
  });

  it('starts a new input afresh, or keeps the last answer showing when asked to', () => {
    const failed = run([ask('staff actions', 1), answer(1, 'invited'), fail(1)]);
    expect(run([ask('sign-ins', 2)], failed)).toMatchObject({ data: null, problems: null, loading: true });
    expect(run([ask('sign-ins', 2, true)], failed)).toMatchObject({ data: { rows: ['invited'] } });
  });

  it('on a reload keeps the data and the problems until the new answer replaces both', () => {
    const failed = run([ask('staff', 1), answer(1, 'ann'), ask('staff', 2), fail(2)]);
    const reloading = run([ask('staff', 3)], failed);
    expect(reloading).toMatchObject({ data: { rows: ['ann'] }, problems: failed.problems, loading: true });
    expect(run([answer(3, 'ann', 'bob')], reloading)).toMatchObject({
      data: { rows: ['ann', 'bob'] },
      problems: null,
      loading: false,
    });
  });

  it('lets a quiet reload fail without showing a problem, and stops loading', () => {
    const state = run([ask('campaigns', 1), answer(1, 'sending'), ask('campaigns', 2), fail(2, true)]);
    expect(state).toMatchObject({ data: { rows: ['sending'] }, problems: null, loading: false });
  });

  it('shows the data a screen changed itself', () => {
    const state = run([
      ask('audit', 1),
      answer(1, 'newest'),
      { type: 'changed', update: (page) => ({ rows: [...(page?.rows ?? []), 'older'] }) },
    ]);
    expect(state.data).toEqual({ rows: ['newest', 'older'] });
  });

  it('shows a new input as loading from its first render, before its request goes out', () => {
    const failed = run([ask('week 1', 1), answer(1, 'call'), ask('week 1', 2), fail(2)]);
    expect(stateFor(failed, 'week 2', false)).toMatchObject({ data: null, problems: null, loading: true });
    expect(stateFor(failed, 'week 2', true).data).toEqual({ rows: ['call'] });
    expect(stateFor(failed, 'week 1', false)).toBe(failed);
  });
});
