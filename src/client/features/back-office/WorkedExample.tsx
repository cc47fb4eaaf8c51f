import { useState } from 'react';
import {
  type Answers,
  frequencies,
  frequencyWords,
  type PricedService,
  type PriceList,
  poundsOf,
  priceServices,
} from '#shared/pricing.ts';
import { DriverAnswers } from './DriverAnswers.tsx';
import { answersFor, feeParts, ruleWords } from './price-list-edits.ts';

/**
 * A client made up to try the prices on: their answers to each driver and the services they want, priced
 * as the owner types by the calculation proposals use, each fee in its parts (base, what each rule adds),
 * before VAT, its VAT and with it; the figure clients are shown first is the one the VAT choice names.
 */
export function WorkedExample({ list }: { list: PriceList }) {
  const [picked, setPicked] = useState<Answers>({});
  // Those left out, so that a service added since is in the example at once.
  const [left, setLeft] = useState<string[]>([]);
  const answers = answersFor(list.drivers, picked);
  const chosen = list.services.map((service) => service.key).filter((key) => !left.includes(key));
  const priced = priceServices(list, chosen, answers);
  const withVat = list.vat.shown === 'with';
  const rate = `${list.vat.basisPoints / 100}%`;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: on a wide screen it scrolls on its own, so a keyboard must reach it
    <section aria-labelledby="worked-example-title" className="bo-worked-example" tabIndex={0}>
      <h2 id="worked-example-title">Worked example</h2>
      <DriverAnswers list={list} answers={answers} onChange={setPicked} />
      <fieldset className="bo-inline-form">
        <legend>Services</legend>
        {list.services.map((service) => (
          <label key={service.key} className="bo-check">
            <input
              type="checkbox"
              checked={!left.includes(service.key)}
              onChange={(event) =>
                setLeft(
                  event.target.checked ? left.filter((key) => key !== service.key) : [...left, service.key],
                )
              }
            />{' '}
            {service.name}
          </label>
        ))}
      </fieldset>
      {priced.services.map((fee) => {
        const service = list.services.find((each) => each.key === fee.key);
        if (!service) return null;
        const parts = feeParts(service, answers);
        return (
          <table key={fee.key} className="bo-table bo-fee">
            <caption>
              {fee.name}: {shownFee(fee, withVat)}
            </caption>
            <tbody>
              <tr>
                <th scope="row">Base price</th>
                <td>{poundsOf(parts.base)}</td>
              </tr>
              {parts.additions.map(({ rule, add }) => (
                <tr key={`${rule.driver}-${rule.kind === 'option' ? rule.option : 'each'}`}>
                  <th scope="row">{ruleWords(rule, list.drivers)}</th>
                  <td>+ {poundsOf(add)}</td>
                </tr>
              ))}
              <tr className={withVat ? undefined : 'bo-fee__shown'}>
                <th scope="row">Before VAT{withVat ? '' : ', as clients see it'}</th>
                <td>{poundsOf(fee.fee)}</td>
              </tr>
              <tr>
                <th scope="row">VAT at {rate}</th>
                <td>{poundsOf(fee.vat)}</td>
              </tr>
              <tr className={withVat ? 'bo-fee__shown' : undefined}>
                <th scope="row">With VAT{withVat ? ', as clients see it' : ''}</th>
                <td>{poundsOf(fee.fee + fee.vat)}</td>
              </tr>
            </tbody>
          </table>
        );
      })}
      <table className="bo-table" aria-live="polite">
        <caption>Their fees together</caption>
        <tbody>
          {frequencies
            .filter((frequency) => priced.totals[frequency].fee > 0)
            .map((frequency) => {
              const total = priced.totals[frequency];
              return (
                <tr key={frequency}>
                  <th scope="row">Total {frequencyWords[frequency]}</th>
                  <td>
                    {withVat
                      ? `${poundsOf(total.fee + total.vat)} with VAT (VAT ${poundsOf(total.vat)} of it)`
                      : `${poundsOf(total.fee)} + VAT ${poundsOf(total.vat)} = ${poundsOf(total.fee + total.vat)}`}
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>
    </section>
  );
}

/** The fee as clients are shown it first: "£130.00 a month + VAT", or "£156.00 a month with VAT". */
const shownFee = (fee: PricedService, withVat: boolean) =>
  withVat
    ? `${poundsOf(fee.fee + fee.vat)} ${frequencyWords[fee.frequency]} with VAT`
    : `${poundsOf(fee.fee)} ${frequencyWords[fee.frequency]} + VAT`;
