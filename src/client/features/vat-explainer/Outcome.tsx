import { type DeMinimisResult, formatPounds } from '#shared/vat-de-minimis.ts';
import { vatDeMinimis } from './words.ts';

const copy = vatDeMinimis.outcome;

/** What the tests mean for the visitor's VAT return, announced when the figures change. */
export function Outcome({ result }: { result: DeMinimisResult }) {
  return (
    <div
      className={result.deMinimis ? 'de-minimis__outcome de-minimis__outcome--pass' : 'de-minimis__outcome'}
      data-connector="outcome"
      aria-live="polite"
    >
      <h3>{vatDeMinimis.calculator.outcomeHeading}</h3>
      <p className="de-minimis__verdict">{result.deMinimis ? copy.deMinimis : copy.notDeMinimis}</p>
      <dl className="de-minimis__amounts">
        <dt>{copy.recoverable}</dt>
        <dd>{formatPounds(result.recoverablePence)}</dd>
        <dt>{copy.irrecoverable}</dt>
        <dd>{formatPounds(result.irrecoverablePence)}</dd>
        <dt>{copy.recoveryRate}</dt>
        <dd>{result.recoveryPercent}%</dd>
      </dl>
      {result.tests.annualTest.passes && <p>{copy.annual}</p>}
      <p>{copy.yearEnd}</p>
    </div>
  );
}
