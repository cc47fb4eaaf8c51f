import { type FormEvent, useState } from 'react';
import { type Frequency, frequencies, frequencyWords, type Service } from '#shared/pricing.ts';
import { PoundsField } from './PoundsField.tsx';
import { keyFrom } from './price-list-edits.ts';

/** Adds a service: its name (its key is made from it), description, frequency and base price. */
export function NewService({ services, onAdd }: { services: Service[]; onAdd: (service: Service) => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [frequency, setFrequency] = useState<Frequency>('monthly');
  const [base, setBase] = useState(0);
  const [round, setRound] = useState(0);
  const [problem, setProblem] = useState('');
  if (services.length >= 30) {
    return <p>The price list holds the most services it can, 30: remove one to add another.</p>;
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const unreadable = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (name.trim() === '' || unreadable) {
      setProblem(
        name.trim() === '' ? 'Give the new service a name.' : 'Enter its base price in pounds and pence.',
      );
      (unreadable ?? event.currentTarget.querySelector<HTMLElement>('input'))?.focus();
      return;
    }
    const key = keyFrom(
      name,
      services.map((service) => service.key),
      'service',
    );
    onAdd({ key, name: name.trim(), description: description.trim(), frequency, base, rules: [] });
    setName('');
    setDescription('');
    setBase(0);
    setProblem('');
    setRound(round + 1);
  };
  return (
    <form onSubmit={submit} aria-labelledby="new-service-title" className="bo-service-price">
      <h3 id="new-service-title">Add a service</h3>
      <div className="bo-inline-form">
        <label>
          Name of the new service
          <input value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
        </label>
        <PoundsField
          key={round}
          label="Base price of the new service"
          shown="Base price (£)"
          pence={0}
          onChange={setBase}
        />
        <label>
          Charged
          <select
            aria-label="How often the new service is charged"
            value={frequency}
            onChange={(event) => setFrequency(event.target.value as Frequency)}
          >
            {frequencies.map((each) => (
              <option key={each} value={each}>
                {frequencyWords[each]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="bo-field bo-price-list__description">
        Description of the new service
        <textarea
          rows={2}
          maxLength={400}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      {problem && (
        <p role="alert" className="field__error">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--secondary">
        Add service
      </button>
    </form>
  );
}
