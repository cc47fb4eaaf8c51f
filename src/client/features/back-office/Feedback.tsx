/** What the last action did (a polite status) and what went wrong (an alert), one problem per line. */
export function Feedback({ status, problems }: { status: string; problems: string[] | string | null }) {
  const list = problems === null ? [] : Array.isArray(problems) ? problems : [problems];
  return (
    <>
      <p className="bo-status" role="status">
        {status}
      </p>
      {/* The alert wraps the list: a role on the list itself would hide from screen readers that it is one. */}
      {list.length > 0 && (
        <div role="alert">
          <ul className="bo-problem">
            {list.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
