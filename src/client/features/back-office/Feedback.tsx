/** What the last action did (a polite status) and what went wrong (an alert), one problem per line. */
export function Feedback({ status, problems }: { status: string; problems: string[] | string | null }) {
  const list = problems === null ? [] : Array.isArray(problems) ? problems : [problems];
  return (
    <>
      <p className="bo-status" role="status">
        {status}
      </p>
      {list.length > 0 && (
        <ul className="bo-problem" role="alert">
          {list.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </>
  );
}
