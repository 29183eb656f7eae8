// The analytics page's charts, drawn by Chart.js (bundled into the console's script, served by Parley): each a figure
// whose canvas says in words what it shows, beside a table of the same numbers for those who cannot see it.
import {
  BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { h } from '../dom.js';

// Only the parts these charts use, so the console's script carries no more of the library than that.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip);

/** A series: its name, its values (one per label) and its colour (distinguishable without colour by the legend's order). */
export interface Series { name: string; values: number[]; colour: string }

/** Colours with enough contrast on white, one per kind of figure, the same on every chart. */
export const COLOURS = { in: '#1f5fa8', out: '#b8590b', delivered: '#2f7d32', read: '#5b4aa3', failed: '#b3261e', contained: '#2f7d32' };

export interface DrawnChart { figure: HTMLElement; destroy(): void }

/**
 * A chart in a figure. `summary` is what a screen reader hears for the canvas (the table after it has the numbers);
 * no animation: the figures are read at a glance, and a page left mid-animation would keep drawing.
 */
export function chart(kind: 'line' | 'bar', caption: string, summary: string, labels: string[], series: Series[], options: { stacked?: boolean; horizontal?: boolean; percent?: boolean } = {}): DrawnChart {
  const canvas = h('canvas', { role: 'img', 'aria-label': summary });
  const figure = h('figure', { class: 'chart' }, h('figcaption', {}, caption), h('div', { class: 'chart-area' }, canvas));
  // Horizontal bars put the values on x: counts there are whole numbers too.
  const [category, value] = options.horizontal === true ? ['y', 'x'] : ['x', 'y'];
  const config: ChartConfiguration<'line' | 'bar', number[], string> = {
    type: kind,
    data: {
      labels,
      datasets: series.map((s) => ({ label: s.name, data: s.values, borderColor: s.colour, backgroundColor: s.colour, pointRadius: labels.length > 60 ? 0 : 2, tension: 0, maxBarThickness: 40 })),
    },
    options: {
      animation: false, responsive: true, maintainAspectRatio: false,
      indexAxis: options.horizontal === true ? 'y' : 'x',
      scales: {
        [category]: { stacked: options.stacked === true, ticks: { maxRotation: 0, autoSkip: true } },
        [value]: {
          stacked: options.stacked === true, beginAtZero: true,
          ...(options.percent === true ? { max: 100, ticks: { callback: (v: string | number) => `${v} %` } } : { ticks: { precision: 0 } }),
        },
      },
      plugins: { legend: { position: 'bottom' } },
    },
  };
  const drawn = new Chart(canvas, config);
  return { figure, destroy: () => drawn.destroy() };
}
