import { useRef, useState } from 'react';
import { priceListMessages } from '#shared/price-list-messages.ts';
import type { Driver, PriceList } from '#shared/pricing.ts';
import { NewDriver } from './NewDriver.tsx';
import { keyFrom, servicesUsing, withoutDriver, withoutOption } from './price-list-edits.ts';

/** A removal waiting for the owner's word, because rules use what would go. */
interface Pending {
  driver: string;
  option?: string;
  /** What goes: "Kind of business", or "Partnership (Kind of business)". */
  label: string;
  question: string;
}

/**
 * What prices depend on: each driver renamed or removed, a choice's options added, renamed or removed, a
 * count's maximum. Removing what rules use names the services and asks before removing their rules too,
 * so the list never holds a rule on nothing.
 */
export function DriversEditor({ list, onChange }: { list: PriceList; onChange: (list: PriceList) => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [said, setSaid] = useState('');
  const setDriver = (driver: Driver) =>
    onChange({ ...list, drivers: list.drivers.map((each) => (each.key === driver.key ? driver : each)) });
  const remove = ({ driver, option, label }: Omit<Pending, 'question'>) => {
    onChange(option === undefined ? withoutDriver(list, driver) : withoutOption(list, driver, option));
    setPending(null);
    setSaid(`${label} removed. Save the price list to keep it so.`);
    heading.current?.focus();
  };
  const ask = (driver: string, label: string, option?: string) => {
    const using = servicesUsing(list, driver, option);
    if (using.length === 0) remove({ driver, option, label });
    else setPending({ driver, option, label, question: priceListMessages.usedBy(label, using) });
  };
  return (
    <section aria-labelledby="drivers-title">
      <h2 id="drivers-title" ref={heading} tabIndex={-1}>
        What prices depend on
      </h2>
      <p className="bo-muted">
        A choice adds to a price for the option a client picks; a count adds for each one above what the base
        includes.
      </p>
      {list.drivers.map((driver) => {
        const name = driver.label.trim() || 'A driver with no name';
        const asking = pending?.driver === driver.key ? pending : null;
        return (
          <fieldset key={driver.key} className="bo-service-price">
            <legend>{name}</legend>
            <div className="bo-inline-form">
              <label>
                Name
                <input
                  aria-label={`Name of ${name}`}
                  value={driver.label}
                  maxLength={80}
                  aria-invalid={driver.label.trim() === '' || undefined}
                  onChange={(event) => setDriver({ ...driver, label: event.target.value })}
                />
              </label>
              {driver.kind === 'count' && (
                <label>
                  Most a client may give
                  <input
                    type="number"
                    min={1}
                    max={100_000}
                    aria-label={`Most a client may give of ${name.toLowerCase()}`}
                    value={driver.max}
                    onChange={(event) => {
                      const max = Number(event.target.value);
                      if (Number.isInteger(max) && max >= 1 && max <= 100_000) setDriver({ ...driver, max });
                    }}
                  />
                </label>
              )}
            </div>
            <p className="bo-muted">
              {driver.kind === 'choice'
                ? 'A choice: the client picks one option.'
                : 'A count: the client gives a number.'}
            </p>
            {driver.kind === 'choice' && (
              <Options
                driver={driver}
                name={name}
                onChange={setDriver}
                onRemove={(option, label) => ask(driver.key, `${label} (${name})`, option)}
              />
            )}
            {asking ? (
              <Confirm
                question={asking.question}
                onYes={() => remove(asking)}
                onNo={() => setPending(null)}
              />
            ) : (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => ask(driver.key, name)}
              >
                Remove {name}
              </button>
            )}
          </fieldset>
        );
      })}
      <p role="status" className="bo-status">
        {said}
      </p>
      {list.drivers.length < 12 ? (
        <NewDriver
          taken={list.drivers.map((driver) => driver.key)}
          onAdd={(driver) => {
            onChange({ ...list, drivers: [...list.drivers, driver] });
            setSaid(`${driver.label} added: give a service a rule on it.`);
          }}
        />
      ) : (
        <p>The price list holds the most drivers it can, 12: remove one to add another.</p>
      )}
    </section>
  );
}

/** A choice's options: renamed, removed (while more than two are left) and added. */
function Options({
  driver,
  name,
  onChange,
  onRemove,
}: {
  driver: Extract<Driver, { kind: 'choice' }>;
  name: string;
  onChange: (driver: Driver) => void;
  onRemove: (option: string, label: string) => void;
}) {
  const [adding, setAdding] = useState('');
  const add = () => {
    if (adding.trim() === '' || driver.options.length >= 12) return;
    const key = keyFrom(
      adding,
      driver.options.map((option) => option.key),
      'option',
    );
    onChange({ ...driver, options: [...driver.options, { key, label: adding.trim() }] });
    setAdding('');
  };
  return (
    <>
      <ul className="bo-plain-list" aria-label={`Options of ${name}`}>
        {driver.options.map((option, at) => (
          <li key={option.key} className="bo-inline-form">
            <label>
              {`Option ${at + 1}`}
              <input
                aria-label={`Option ${at + 1} of ${name}`}
                value={option.label}
                maxLength={80}
                aria-invalid={option.label.trim() === '' || undefined}
                onChange={(event) =>
                  onChange({
                    ...driver,
                    options: driver.options.map((each) =>
                      each.key === option.key ? { ...each, label: event.target.value } : each,
                    ),
                  })
                }
              />
            </label>
            {driver.options.length > 2 && (
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Remove option ${option.label || at + 1} from ${name}`}
                onClick={() => onRemove(option.key, option.label || `Option ${at + 1}`)}
              >
                Remove option
              </button>
            )}
          </li>
        ))}
      </ul>
      {driver.options.length < 12 && (
        <div className="bo-inline-form">
          <label>
            New option
            <input
              aria-label={`New option of ${name}`}
              value={adding}
              maxLength={80}
              onChange={(event) => setAdding(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                add();
              }}
            />
          </label>
          <button
            type="button"
            className="button button--secondary"
            onClick={add}
            aria-label={`Add option to ${name}`}
          >
            Add option
          </button>
        </div>
      )}
    </>
  );
}

/** Asks before removing what rules use; the keyboard goes to the answer. */
function Confirm({ question, onYes, onNo }: { question: string; onYes: () => void; onNo: () => void }) {
  return (
    <div role="alert" className="bo-note">
      <p>{question}</p>
      <div className="bo-actions">
        {/* biome-ignore lint/a11y/noAutofocus: the question replaces the button pressed; the answer is next */}
        <button type="button" className="button bo-danger" autoFocus onClick={onYes}>
          Remove it and those rules
        </button>
        <button type="button" className="button button--secondary" onClick={onNo}>
          Keep it
        </button>
      </div>
    </div>
  );
}
