// What a back-office screen knows about the one endpoint it reads, as a pure reducer so that the rules
// (a late answer to an earlier question is dropped, a new question clears the last one's problems) are
// proven without a browser. useEndpoint.ts drives it.

export interface EndpointState<T> {
  /** The question `data` and `problems` answer: the endpoint and its input. */
  key: string;
  /** The request whose answer is awaited; an answer to any other is too late and dropped. */
  asked: number;
  data: T | null;
  /** What went wrong loading it, one problem per line; null when nothing did. */
  problems: string[] | null;
  loading: boolean;
}

export type EndpointEvent<T> =
  /** A request went out: for a new question, or the same one again (a reload). */
  | { type: 'asked'; key: string; request: number; keepPrevious: boolean }
  | { type: 'answered'; request: number; data: T }
  /** A quiet failure (a reload) leaves the problems shown as they were: its caller reports it. */
  | { type: 'failed'; request: number; problems: string[]; quiet: boolean }
  /** The screen changed the data itself: an action's answer, or a change shown before it is saved. */
  | { type: 'changed'; update: (data: T | null) => T | null };

export const notAsked = <T>(key: string): EndpointState<T> => ({
  key,
  asked: 0,
  data: null,
  problems: null,
  loading: false,
});

export function endpointReducer<T>(state: EndpointState<T>, event: EndpointEvent<T>): EndpointState<T> {
  switch (event.type) {
    case 'asked':
      if (event.key === state.key) return { ...state, asked: event.request, loading: true };
      return {
        key: event.key,
        asked: event.request,
        data: event.keepPrevious ? state.data : null,
        problems: null,
        loading: true,
      };
    case 'answered':
      if (event.request !== state.asked) return state;
      return { ...state, data: event.data, problems: null, loading: false };
    case 'failed':
      if (event.request !== state.asked) return state;
      return { ...state, problems: event.quiet ? state.problems : event.problems, loading: false };
    case 'changed':
      return { ...state, data: event.update(state.data) };
  }
}

/**
 * The state as a screen asking `key` sees it. Until the request for a new question goes out (the render
 * before its effect runs), nothing of the old question's shows but, when asked to, its data.
 */
export function stateFor<T>(state: EndpointState<T>, key: string, keepPrevious: boolean): EndpointState<T> {
  if (state.key === key) return state;
  return { ...state, key, data: keepPrevious ? state.data : null, problems: null, loading: true };
}
