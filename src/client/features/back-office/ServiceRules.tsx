import { type FormEvent, useState } from 'react';
import type { Driver, Rule, Service } from '#shared/pricing.ts';
import { PoundsField } from './PoundsField.tsx';
import { driverLabel, ruleChoices, ruleWords } from './price-list-edits.ts';

/** A service's rules: what each adds (and for a count, how many the base includes), removed or added. */
export function ServiceRules({
  service,
  drivers,
  onChange,
}: {
  service: Service;
  drivers: readonly Driver[];
  onChange: (rules: Rule[]) => void;
}) {
  const change = (at: number, rule: Rule) =>
    onChange(service.rules.map((each, n) => (n === at ? rule : each)));
  return (
    <>
      {service.rules.length > 0 && (
        <ul className="bo-plain-list" aria-label={`Rules of ${service.name}`}>
          {service.rules.map((rule, at) => (
            <li key={ruleKey(rule)} className="bo-inline-form">
              {rule.kind === 'each' && (
                <label>
                  {`${driverLabel(rule, drivers)}: included in the base`}
                  <input
                    type="number"
                    min={0}
                    aria-label={`${service.name}: ${driverLabel(rule, drivers).toLowerCase()} included in the base`}
                    value={rule.included}
                    onChange={(event) => {
                      const included = Number(event.target.value);
                      if (Number.isInteger(included) && included >= 0) change(at, { ...rule, included });
                    }}
                  />
                </label>
              )}
              <PoundsField
                label={`${service.name}: ${ruleWords(rule, drivers)}`}
                shown={`${ruleWords(rule, drivers)}: adds (£)`}
                pence={rule.add}
                onChange={(add) => change(at, { ...rule, add })}
              />
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Remove rule ${ruleWords(rule, drivers)} from ${service.name}`}
                onClick={() => onChange(service.rules.filter((_, n) => n !== at))}
              >
                Remove rule
              </button>
            </li>
          ))}
        </ul>
      )}
      <NewRule service={service} drivers={drivers} onAdd={(rule) => onChange([...service.rules, rule])} />
    </>
  );
}

/** Adds a rule from the drivers that exist: "if <driver> is <option>, add £X", "each above N adds £X". */
function NewRule({
  service,
  drivers,
  onAdd,
}: {
  service: Service;
  drivers: readonly Driver[];
  onAdd: (rule: Rule) => void;
}) {
  const choices = ruleChoices(drivers, service);
  const [value, setValue] = useState('');
  const [included, setIncluded] = useState(0);
  const [add, setAdd] = useState(0);
  // A new key after each rule added starts the amount's box afresh.
  const [round, setRound] = useState(0);
  const chosen = choices.find((choice) => choice.value === value) ?? choices[0];
  if (!chosen || service.rules.length >= 20) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const unreadable = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (unreadable) {
      unreadable.focus();
      return;
    }
    const { rule } = chosen;
    onAdd(rule.kind === 'each' ? { ...rule, included, add } : { ...rule, add });
    setValue('');
    setIncluded(0);
    setRound(round + 1);
  };
  return (
    <form className="bo-inline-form" onSubmit={submit} aria-label={`Add a rule to ${service.name}`}>
      <label>
        New rule
        <select
          aria-label={`New rule for ${service.name}`}
          value={chosen.value}
          onChange={(event) => setValue(event.target.value)}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.words}
            </option>
          ))}
        </select>
      </label>
      {chosen.rule.kind === 'each' && (
        <label>
          Above
          <input
            type="number"
            min={0}
            aria-label={`${service.name}: the new rule adds for each above`}
            value={included}
            onChange={(event) => {
              const typed = Number(event.target.value);
              if (Number.isInteger(typed) && typed >= 0) setIncluded(typed);
            }}
          />
        </label>
      )}
      <PoundsField
        key={round}
        label={`${service.name}: the new rule adds (£)`}
        shown={chosen.rule.kind === 'each' ? 'Adds for each (£)' : 'Adds (£)'}
        pence={0}
        onChange={setAdd}
      />
      <button type="submit" className="button button--secondary">
        Add rule
      </button>
    </form>
  );
}

const ruleKey = (rule: Rule) => (rule.kind === 'option' ? `${rule.driver}:${rule.option}` : rule.driver);
