import { type FormEvent, useState } from 'react';
import type { Driver } from '#shared/pricing.ts';
import { keyFrom } from './price-list-edits.ts';

/** Adds a driver: a choice with its options (one a line, two at least), or a count with its maximum. */
export function NewDriver({ taken, onAdd }: { taken: string[]; onAdd: (driver: Driver) => void }) {
  const [label, setLabel] = useState('');
  const [kind, setKind] = useState<Driver['kind']>('choice');
  const [options, setOptions] = useState('');
  const [max, setMax] = useState('1000');
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const named = [...new Set(options.split('\n').map((line) => line.trim()))].filter(Boolean);
    const most = Number(max);
    const refusal =
      label.trim() === ''
        ? 'Give the new driver a name.'
        : kind === 'choice' && (named.length < 2 || named.length > 12)
          ? 'Give the choice from 2 to 12 options, one a line.'
          : kind === 'count' && !(Number.isInteger(most) && most >= 1 && most <= 100_000)
            ? 'Give the most a client may give as a whole number from 1 to 100000.'
            : '';
    setProblem(refusal);
    if (refusal) return;
    const key = keyFrom(label, taken, 'driver');
    const keys: string[] = [];
    for (const option of named) keys.push(keyFrom(option, keys, 'option'));
    onAdd(
      kind === 'choice'
        ? {
            kind,
            key,
            label: label.trim(),
            options: named.map((option, at) => ({ key: keys[at] ?? 'option', label: option })),
          }
        : { kind, key, label: label.trim(), max: most },
    );
    setLabel('');
    setOptions('');
  };
  return (
    <form onSubmit={submit} aria-labelledby="new-driver-title" className="bo-service-price">
      <h3 id="new-driver-title">Add a driver</h3>
      <div className="bo-inline-form">
        <label>
          Name of the new driver
          <input value={label} maxLength={80} onChange={(event) => setLabel(event.target.value)} />
        </label>
        <label>
          Kind of driver
          <select value={kind} onChange={(event) => setKind(event.target.value as Driver['kind'])}>
            <option value="choice">A choice of options</option>
            <option value="count">A count</option>
          </select>
        </label>
        {kind === 'count' && (
          <label>
            Most a client may give
            <input
              type="number"
              min={1}
              max={100_000}
              aria-label="Most a client may give of the new driver"
              value={max}
              onChange={(event) => setMax(event.target.value)}
            />
          </label>
        )}
      </div>
      {kind === 'choice' && (
        <label className="bo-field bo-price-list__description">
          Its options, one a line
          <textarea rows={3} value={options} onChange={(event) => setOptions(event.target.value)} />
        </label>
      )}
      {problem && (
        <p role="alert" className="field__error">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--secondary">
        Add driver
      </button>
    </form>
  );
}
