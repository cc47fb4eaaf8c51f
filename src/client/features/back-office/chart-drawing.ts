// Chart.js, drawn on the Reports screen only: this module is imported dynamically (ReportChart.tsx), so
// the library is a chunk of its own, fetched when the screen first draws a chart and never by a public
// page (decision 029). Only the parts the reports use are registered, so the rest is left out of it.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ChartSpec } from './report-charts.ts';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);

/** The site's own colours, read from its stylesheet, so a rebranded firm's charts follow. */
function palette(): string[] {
  const style = getComputedStyle(document.documentElement);
  const colour = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return [
    colour('--color-brand', '#0b5563'),
    colour('--color-accent', '#b8441f'),
    colour('--color-muted', '#4a5563'),
  ];
}

/** Draws `spec` on the canvas; answers the chart, to be destroyed when the screen changes. */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec): Chart {
  const colours = palette();
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: spec.labels,
      datasets: spec.series.map((series, index) => ({
        type: series.line ? 'line' : 'bar',
        label: series.label,
        data: series.values,
        backgroundColor: colours[index % colours.length],
        borderColor: colours[index % colours.length],
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      indexAxis: spec.horizontal ? 'y' : 'x',
      scales: { [spec.horizontal ? 'x' : 'y']: { beginAtZero: true, ticks: { precision: 0 } } },
      plugins: { legend: { display: spec.series.length > 1 } },
    },
  });
}
