import { useEffect, useRef } from 'react';
import type { ChartSpec } from './report-charts.ts';

/**
 * A report's chart, for those who can see it: hidden from screen readers, who read the table of the same
 * figures beside it. The chart library is fetched the first time one is drawn (chart-drawing.ts).
 */
export function ReportChart({ spec }: { spec: ChartSpec }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    import('./chart-drawing.ts').then(({ drawChart }) => {
      if (!cancelled && canvas.current) chart = drawChart(canvas.current, spec);
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [spec]);
  return (
    <div className="bo-report-chart" aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  );
}
