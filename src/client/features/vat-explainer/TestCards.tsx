import { type DeMinimisResult, formatPounds, type TestName } from '#shared/vat-de-minimis.ts';
import { vatDeMinimis } from './words.ts';

export const testNames: TestName[] = ['testOne', 'testTwo', 'originalTest', 'annualTest'];

/** One card per test: its rule, the figure it measures against the limit, and whether it passes. */
export function TestCards({
  result,
  exemptSuppliesPercent,
}: {
  result: DeMinimisResult;
  exemptSuppliesPercent: string;
}) {
  return (
    <ol className="de-minimis__tests" aria-label={vatDeMinimis.calculator.testsHeading}>
      {testNames.map((name) => {
        const copy = vatDeMinimis.tests[name];
        const test = result.tests[name];
        const simplified = name === 'testOne' || name === 'testTwo';
        return (
          <li
            key={name}
            className={test.passes ? 'test-card test-card--pass' : 'test-card'}
            data-connector={name}
            data-passes={String(test.passes)}
          >
            <h4 className="test-card__name">{copy.name}</h4>
            <p className="test-card__verdict">
              <span aria-hidden="true">{test.passes ? '✓' : '✗'}</span>{' '}
              {test.passes ? vatDeMinimis.verdict.pass : vatDeMinimis.verdict.fail}
            </p>
            <p className="test-card__rule">{copy.rule}</p>
            {test.measuredPence !== undefined && (
              <p className="test-card__figure">
                {copy.measured}: <strong>{formatPounds(test.measuredPence)}</strong> ({vatDeMinimis.limitWord}{' '}
                {formatPounds(result.limitPence)})
                {simplified && (
                  <>
                    <br />
                    {vatDeMinimis.exemptSuppliesShare} <strong>{exemptSuppliesPercent}</strong> of all
                    supplies
                  </>
                )}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
