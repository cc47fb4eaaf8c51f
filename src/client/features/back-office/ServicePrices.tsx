import { useId, useState } from 'react';
import {
  type Driver,
  frequencies,
  frequencyWords,
  type PriceList,
  penceFromTyped,
  type Rule,
  type Service,
  typedPounds,
} from '#shared/pricing.ts';

/** Each service's price: its base and frequency, and what each driver adds to it. */
export function ServicePrices({
  list,
  onChange,
}: {
  list: PriceList;
  onChange: (services: Service[]) => void;
}) {
  const change = (index: number, service: Service) =>
    onChange(list.services.map((each, at) => (at === index ? service : each)));
  return (
    <>
      {list.services.map((service, index) => (
        <fieldset key={service.key} className="bo-service-price">
          <legend>{service.name}</legend>
          <div className="bo-inline-form">
            <PoundsField
              label={`Base price of ${service.name}`}
              shown="Base price (£)"
              pence={service.base}
              onChange={(base) => change(index, { ...service, base })}
            />
            <label>
              Charged
              <select
                value={service.frequency}
                onChange={(event) =>
                  change(index, { ...service, frequency: event.target.value as Service['frequency'] })
                }
              >
                {frequencies.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {frequencyWords[frequency]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {service.rules.length > 0 && (
            <ul className="bo-plain-list">
              {service.rules.map((rule, at) => (
                <li
                  key={`${rule.driver}-${rule.kind === 'option' ? rule.option : 'each'}`}
                  className="bo-inline-form"
                >
                  {rule.kind === 'each' && (
                    <label>
                      {`${driverLabel(rule, list.drivers)}: included in the base`}
                      <input
                        type="number"
                        min={0}
                        aria-label={`${service.name}: ${driverLabel(rule, list.drivers).toLowerCase()} included in the base`}
                        value={rule.included}
                        onChange={(event) => {
                          const included = Number(event.target.value);
                          if (!Number.isInteger(included) || included < 0) return;
                          change(index, {
                            ...service,
                            rules: service.rules.map((each, n) => (n === at ? { ...rule, included } : each)),
                          });
                        }}
                      />
                    </label>
                  )}
                  <PoundsField
                    label={`${service.name}: ${ruleWords(rule, list.drivers)}`}
                    shown={`${ruleWords(rule, list.drivers)}: adds (£)`}
                    pence={rule.add}
                    onChange={(add) =>
                      change(index, {
                        ...service,
                        rules: service.rules.map((each, n) => (n === at ? { ...each, add } : each)),
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      ))}
    </>
  );
}

/** What a rule's driver is called ("Bank transactions a month"). */
const driverLabel = (rule: Rule, drivers: Driver[]) =>
  drivers.find((each) => each.key === rule.driver)?.label ?? rule.driver;

/** "Kind of business: Limited company", or "Each one over 100 (bank transactions a month)". */
function ruleWords(rule: Rule, drivers: Driver[]): string {
  const driver = drivers.find((each) => each.key === rule.driver);
  if (rule.kind === 'option') {
    const option = driver?.kind === 'choice' ? driver.options.find((each) => each.key === rule.option) : null;
    return `${driver?.label ?? rule.driver}: ${option?.label ?? rule.option}`;
  }
  return `Each one over ${rule.included} (${driverLabel(rule, drivers).toLowerCase()})`;
}

/** An amount in pounds as typed, kept as pence once it reads as one; what does not read is said. */
function PoundsField({
  label,
  shown,
  pence,
  onChange,
}: {
  /** What a screen reader hears: which price this is. */
  label: string;
  shown: string;
  pence: number;
  onChange: (pence: number) => void;
}) {
  const [typed, setTyped] = useState(typedPounds(pence));
  const unreadable = penceFromTyped(typed) === null;
  const errorId = useId();
  return (
    <label>
      {shown}
      <input
        inputMode="decimal"
        aria-label={label}
        aria-invalid={unreadable || undefined}
        aria-describedby={unreadable ? errorId : undefined}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          const amount = penceFromTyped(event.target.value);
          if (amount !== null) onChange(amount);
        }}
      />
      {unreadable && (
        <span id={errorId} className="field__error">
          Enter pounds and pence, like 90 or 1250.50
        </span>
      )}
    </label>
  );
}
