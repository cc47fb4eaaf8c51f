import { type MouseEvent, useLayoutEffect, useState } from 'react';

/**
 * What the last action did (a polite status) and what went wrong (an alert), one problem per line. With
 * `linkToFields`, a problem that starts with a field's label ("VAT number: …") links to that field, as an
 * error summary does, so a keyboard user goes straight to it on a long form.
 */
export function Feedback({
  status,
  problems,
  linkToFields = false,
}: {
  status: string;
  problems: string[] | string | null;
  linkToFields?: boolean;
}) {
  const list = problems === null ? [] : Array.isArray(problems) ? problems : [problems];
  const fields = useFieldsNamed(linkToFields ? list : []);
  return (
    <>
      <p className="bo-status" role="status">
        {status}
      </p>
      {/* The alert wraps the list: a role on the <ul> itself would take away its items' list. */}
      {list.length > 0 && (
        <div role="alert">
          <ul className="bo-problem">
            {list.map((problem) => {
              const field = fields[problem];
              return (
                <li key={problem}>
                  {field ? (
                    <a href={`#${field}`} onClick={(event) => goToField(event, field)}>
                      {problem}
                    </a>
                  ) : (
                    problem
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </>
  );
}

/** The id of the control each problem is about, found by the label its words start with. */
function useFieldsNamed(problems: string[]): Record<string, string> {
  const [fields, setFields] = useState<Record<string, string>>({});
  const key = problems.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the problems' words are what is looked up
  useLayoutEffect(() => {
    const labels = [...document.querySelectorAll('label')].filter((label) => label.htmlFor);
    const found: Record<string, string> = {};
    for (const problem of problems) {
      const name = problem.slice(0, problem.indexOf(':'));
      if (!name) continue;
      const text = (label: HTMLLabelElement) => label.textContent?.trim() ?? '';
      const label =
        labels.find((each) => text(each) === name) ?? labels.find((each) => text(each).startsWith(name));
      if (label) found[problem] = label.htmlFor;
    }
    setFields(found);
  }, [key]);
  return fields;
}

/** Following the link focuses the field itself (a fragment alone only scrolls to it). */
function goToField(event: MouseEvent, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  field.focus();
  field.scrollIntoView({ block: 'center' });
}
