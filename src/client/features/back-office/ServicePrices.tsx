import { useRef, useState } from 'react';
import { priceListMessages } from '#shared/price-list-messages.ts';
import { frequencies, frequencyWords, type PriceList, type Service } from '#shared/pricing.ts';
import { NewService } from './NewService.tsx';
import { PoundsField } from './PoundsField.tsx';
import { ServiceRules } from './ServiceRules.tsx';

/** Each service: its name, description, base price and frequency, and the rules that add to its price. */
export function ServicePrices({
  list,
  onChange,
}: {
  list: PriceList;
  onChange: (services: Service[]) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState('');
  const change = (index: number, service: Service) =>
    onChange(list.services.map((each, at) => (at === index ? service : each)));
  const remove = (index: number) => {
    const gone = list.services[index];
    if (list.services.length < 2 || !gone) {
      setSaid(priceListMessages.oneService);
      return;
    }
    onChange(list.services.filter((_, at) => at !== index));
    setSaid(`${gone.name || 'The service'} removed. Save the price list to keep it so.`);
    // The button pressed has gone: the keyboard goes back to the services' heading.
    heading.current?.focus();
  };
  return (
    <section aria-labelledby="services-title">
      <h2 id="services-title" ref={heading} tabIndex={-1}>
        Services
      </h2>
      {list.services.map((service, index) => {
        const name = service.name.trim() || 'A service with no name';
        return (
          <fieldset key={service.key} className="bo-service-price">
            <legend>{name}</legend>
            <div className="bo-inline-form">
              <label>
                Name
                <input
                  aria-label={`Name of ${name}`}
                  value={service.name}
                  maxLength={80}
                  aria-invalid={service.name.trim() === '' || undefined}
                  onChange={(event) => change(index, { ...service, name: event.target.value })}
                />
              </label>
              <PoundsField
                label={`Base price of ${name}`}
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
            <label className="bo-field bo-price-list__description">
              Description
              <textarea
                aria-label={`Description of ${name}`}
                rows={2}
                maxLength={400}
                value={service.description}
                onChange={(event) => change(index, { ...service, description: event.target.value })}
              />
            </label>
            <ServiceRules
              service={{ ...service, name }}
              drivers={list.drivers}
              onChange={(rules) => change(index, { ...service, rules })}
            />
            <button type="button" className="button button--secondary" onClick={() => remove(index)}>
              Remove {name}
            </button>
          </fieldset>
        );
      })}
      <p role="status" className="bo-status">
        {said}
      </p>
      <NewService
        services={list.services}
        onAdd={(service) => {
          onChange([...list.services, service]);
          setSaid(`${service.name} added. Save the price list to keep it.`);
        }}
      />
    </section>
  );
}
