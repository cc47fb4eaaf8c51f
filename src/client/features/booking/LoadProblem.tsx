/**
 * A request of the booking modal that failed: says what could not be loaded, never that there is none,
 * and asks again on `Try again`.
 */
export function LoadProblem({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="booking__problem" role="alert">
      <p>We couldn't load the {what}. Please try again.</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
