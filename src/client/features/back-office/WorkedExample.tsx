import { useState } from 'react';
import {
  type Answers,
  frequencies,
  frequencyWords,
  type PriceList,
  poundsOf,
  priceServices,
} from '#shared/pricing.ts';

/**
 * A client made up to try the prices on: their answers to each driver and the services they want, priced
 * as the owner types by the calculation proposals use, so what the owner sees is what a client is quoted.
 */
export function WorkedExample({ list }: { list: PriceList }) {
  const [answers, setAnswers] = useState<Answers>(() =>
    Object.fromEntries(
      list.drivers.map((driver) => [
        driver.key,
        driver.kind === 'choice' ? (driver.options[0]?.key ?? '') : 0,
      ]),
    ),
  );
  const [chosen, setChosen] = useState<string[]>(() => list.services.map((service) => service.key));
  const priced = priceServices(list, chosen, answers);
  const withVat = list.vat.shown === 'with';
  return (
    <section aria-labelledby="worked-example-title" className="bo-worked-example">
      <h2 id="worked-example-title">Worked example</h2>
      <div className="bo-inline-form">
        {list.drivers.map((driver) =>
          driver.kind === 'choice' ? (
            <label key={driver.key}>
              {driver.label}
              <select
                value={String(answers[driver.key] ?? '')}
                onChange={(event) => setAnswers({ ...answers, [driver.key]: event.target.value })}
              >
                {driver.options.map((option) => (
                  <option key={option.key} value={option.key}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label key={driver.key}>
              {driver.label}
              <input
                type="number"
                min={0}
                max={driver.max}
                value={String(answers[driver.key] ?? 0)}
                onChange={(event) => setAnswers({ ...answers, [driver.key]: Number(event.target.value) })}
              />
            </label>
          ),
        )}
      </div>
      <fieldset className="bo-inline-form">
        <legend>Services</legend>
        {list.services.map((service) => (
          <label key={service.key} className="bo-check">
            <input
              type="checkbox"
              checked={chosen.includes(service.key)}
              onChange={(event) =>
                setChosen(
                  event.target.checked
                    ? [...chosen, service.key]
                    : chosen.filter((key) => key !== service.key),
                )
              }
            />{' '}
            {service.name}
          </label>
        ))}
      </fieldset>
      <table className="bo-table" aria-live="polite">
        <caption>Their fees{withVat ? ', with VAT' : ', before VAT'}</caption>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Fee</th>
          </tr>
        </thead>
        <tbody>
          {priced.services.map((service) => (
            <tr key={service.key}>
              <th scope="row">{service.name}</th>
              <td>
                {poundsOf(withVat ? service.fee + service.vat : service.fee)}{' '}
                {frequencyWords[service.frequency]}
              </td>
            </tr>
          ))}
          {frequencies
            .filter((frequency) => priced.totals[frequency].fee > 0)
            .map((frequency) => {
              const total = priced.totals[frequency];
              return (
                <tr key={frequency}>
                  <th scope="row">Total {frequencyWords[frequency]}</th>
                  <td>
                    {poundsOf(total.fee)} + VAT {poundsOf(total.vat)} = {poundsOf(total.fee + total.vat)}
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>
    </section>
  );
}
