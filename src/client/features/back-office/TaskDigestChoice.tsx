import { useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import { setTaskDigest } from '#shared/api/back-office-tasks.ts';
import { Feedback } from './Feedback.tsx';
import { useAction } from './useAction.ts';

/** Whether you get an email each working morning of your tasks due that day or overdue. */
export function TaskDigestChoice({ on }: { on: boolean }) {
  const [chosen, setChosen] = useState(on);
  const { status, problems, act } = useAction(async () => {});
  return (
    <section aria-labelledby="task-digest-title">
      <h2 id="task-digest-title">Morning email</h2>
      <p>
        <label>
          <input
            type="checkbox"
            checked={chosen}
            onChange={(event) => {
              const wanted = event.target.checked;
              setChosen(wanted);
              act(() => call(setTaskDigest, { body: { on: wanted } }));
            }}
          />{' '}
          Email me my tasks due and overdue each working morning
        </label>
      </p>
      <Feedback status={status} problems={problems} />
    </section>
  );
}
