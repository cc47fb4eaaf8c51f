import { useMemo, useRef, useState } from 'react';
import { assessDeMinimis, type DeMinimisFigures } from '#shared/vat-de-minimis.ts';
import { readCalculatorInput } from '#shared/vat-de-minimis-form.ts';
import { CalculatorForm } from './CalculatorForm.tsx';
import { Outcome } from './Outcome.tsx';
import { TestCards, testNames } from './TestCards.tsx';
import { type ConnectorLink, useConnectors } from './useConnectors.ts';
import { vatDeMinimis } from './words.ts';

// The content's example always reads; the page opens with its results already worked out.
const exampleFigures = readCalculatorInput(vatDeMinimis.calculator.example).figures as DeMinimisFigures;

/** The figures, the four tests and the outcome, joined by lines that draw themselves in turn. */
export function DeMinimisCalculator() {
  const [figures, setFigures] = useState(exampleFigures);
  const result = useMemo(() => assessDeMinimis(figures), [figures]);
  const diagram = useRef<HTMLDivElement>(null);

  const links: ConnectorLink[] = [
    ...testNames.map((name) => ({ from: 'figures', to: name, kind: 'into' as const, passes: true })),
    ...testNames.map((name) => ({
      from: name,
      to: 'outcome',
      kind: 'out' as const,
      passes: result.tests[name].passes,
    })),
  ];
  const connectors = useConnectors(diagram, links);
  const supplies = figures.taxableSupplies + figures.exemptSupplies;
  const exemptSuppliesPercent = `${((100 * figures.exemptSupplies) / supplies).toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;

  return (
    <div className="de-minimis" ref={diagram}>
      <CalculatorForm onFigures={setFigures} />
      <TestCards result={result} exemptSuppliesPercent={exemptSuppliesPercent} />
      <Outcome result={result} />
      <svg className="connectors" aria-hidden="true" focusable="false" data-layout={connectors?.layout}>
        {connectors?.lines.map((line) => (
          <path
            key={line.key}
            className={line.passes ? 'connector connector--pass' : 'connector'}
            d={line.d}
            pathLength={1}
            data-from={line.from}
            data-to={line.to}
            style={{ animationDelay: `${line.delayMs}ms` }}
          />
        ))}
      </svg>
    </div>
  );
}
