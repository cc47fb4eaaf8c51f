import { type FormEvent, useId, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import { renameYourself, staffNameField } from '#shared/api/back-office-staff.ts';
import { Feedback } from './Feedback.tsx';
import { useAction } from './useAction.ts';

/**
 * The name colleagues see on what you did (timelines, the audit log) and that your emails to leads are
 * signed with. `onSaved` tells the back office's header, which says who is signed in.
 */
export function YourName({ name, onSaved }: { name: string | null; onSaved: (name: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState(name ?? '');
  const { status, problems, act } = useAction(async () => onSaved(typed.trim()));

  const save = (event: FormEvent) => {
    event.preventDefault();
    act(() => call(renameYourself, { body: { name: typed } }));
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your name</h2>
      {name === null && <p>Give your name: colleagues see your email address on what you do until you do.</p>}
      <Feedback status={status} problems={problems} />
      <form className="bo-inline-form" onSubmit={save}>
        <label>
          Your name
          <input
            required
            maxLength={staffNameField.max}
            autoComplete={staffNameField.autoComplete}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="submit" className="button">
          Save your name
        </button>
      </form>
    </section>
  );
}
