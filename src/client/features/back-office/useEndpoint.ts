import { useCallback, useEffect, useReducer, useRef } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import type { CallInput, EndpointSpec, Success } from '#shared/api/endpoint.ts';
import { endpointReducer, notAsked, stateFor } from './endpoint-state.ts';

export interface Endpoint<T> {
  /** The answer, once it has come (see `keepPrevious`). */
  data: T | null;
  /** Whether an answer is awaited: for this input, or a reload. */
  loading: boolean;
  /** What went wrong loading it, in the server's words, one problem per line; else null. */
  problems: string[] | null;
  /** The same, as one line (`problemText`'s words). */
  problem: string | null;
  /**
   * Asks again; the answer replaces the data and clears the problems. A failure is the caller's to
   * report (a refresh in the background says nothing): the promise rejects, the screen stays as it was.
   */
  reload: () => Promise<T>;
  /** Shows data the screen has itself: what an action answered, or a change before the server has it. */
  setData: (update: T | ((data: T | null) => T | null)) => void;
}

export interface EndpointOptions {
  /** While a new input's answer is awaited, go on showing the last input's (a list's page). */
  keepPrevious?: boolean;
}

/**
 * Loads one back-office endpoint of the shared contract, and again whenever its input changes: what each
 * screen shows while it waits, what it shows when it failed, and what it reloads after a change. A null
 * input asks nothing (a new campaign has nothing to load yet).
 */
export function useEndpoint<const E extends EndpointSpec>(
  entry: E,
  input: CallInput<E> | null,
  options?: EndpointOptions,
): Endpoint<Success<E>> {
  const key = input === null ? null : `${entry.method} ${entry.path} ${JSON.stringify(input)}`;
  return useLoaded(key, () => call(entry, input as CallInput<E>), options);
}

/**
 * The same for what takes more than one request to read (a week of calls, page after page): `load` reads
 * it, and is asked again whenever `key`, which names what it reads, changes. A null key asks nothing.
 */
export function useLoaded<T>(
  key: string | null,
  load: () => Promise<T>,
  { keepPrevious = false }: EndpointOptions = {},
): Endpoint<T> {
  const asked = key ?? '';
  const [stored, dispatch] = useReducer(endpointReducer<T>, asked, notAsked<T>);
  const requests = useRef(0);
  // The latest way to load, for a request made after this render; the key says when what it reads changed.
  const latestLoad = useRef(load);
  latestLoad.current = load;

  const ask = useCallback(
    (quiet: boolean) => {
      if (asked === '') return Promise.reject(new Error('Nothing to load.'));
      const request = ++requests.current;
      dispatch({ type: 'asked', key: asked, request, keepPrevious });
      return latestLoad.current().then(
        (data) => {
          dispatch({ type: 'answered', request, data });
          return data;
        },
        (error: unknown) => {
          dispatch({ type: 'failed', request, problems: problemsOf(error), quiet });
          throw error;
        },
      );
    },
    [asked, keepPrevious],
  );

  useEffect(() => {
    if (asked !== '') ask(false).catch(() => {});
  }, [asked, ask]);

  const reload = useCallback(() => ask(true), [ask]);
  const setData = useCallback(
    (update: T | ((data: T | null) => T | null)) =>
      dispatch({
        type: 'changed',
        update: typeof update === 'function' ? (update as (data: T | null) => T | null) : () => update,
      }),
    [],
  );

  // A question asked and then withdrawn (a key become null) shows nothing of its answer.
  const state =
    asked === '' && stored.key !== '' ? notAsked<T>(asked) : stateFor(stored, asked, keepPrevious);
  return {
    data: state.data,
    loading: state.loading,
    problems: state.problems,
    problem: state.problems?.join(' ') ?? null,
    reload,
    setData,
  };
}
