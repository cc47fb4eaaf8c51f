/**
 * What a screen shows until what it reads has come: why it could not be read, as an alert, or that it is
 * on its way.
 */
export function NotLoaded({ problem }: { problem: string | null | undefined }) {
  return problem ? (
    <p className="bo-problem" role="alert">
      {problem}
    </p>
  ) : (
    <p>Loading…</p>
  );
}
