import { type FormEvent, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import { changePersonDetails, type PersonDetail, personFields } from '#shared/api/back-office-people.ts';
import { Feedback } from './Feedback.tsx';
import { useAction } from './useAction.ts';

/**
 * The person's name, phone and organisation corrected by hand: a lead only ever fills in what is blank,
 * so a client's new number or a misspelt name is typed here. Folded away until wanted.
 */
export function PersonDetailsForm({
  person,
  onChanged,
}: {
  person: PersonDetail;
  onChanged: () => Promise<void>;
}) {
  const [typed, setTyped] = useState({
    name: person.name ?? '',
    phone: person.phone ?? '',
    organisation: person.organisation ?? '',
  });
  const { status, problems, act } = useAction(onChanged);
  const save = (event: FormEvent) => {
    event.preventDefault();
    act(() => call(changePersonDetails, { params: { id: String(person.id) }, body: typed }));
  };
  return (
    <details className="bo-fold">
      <summary>Correct their details</summary>
      <form className="bo-inline-form" onSubmit={save}>
        {(['name', 'phone', 'organisation'] as const).map((field) => (
          <label key={field}>
            {personFields[field].label}
            <input
              value={typed[field]}
              type={field === 'phone' ? 'tel' : 'text'}
              autoComplete="off"
              onChange={(event) => setTyped({ ...typed, [field]: event.target.value })}
            />
          </label>
        ))}
        <button type="submit" className="button button--secondary">
          Save details
        </button>
        <Feedback status={status} problems={problems} />
      </form>
    </details>
  );
}
