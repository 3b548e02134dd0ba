/**
 * A report's chart, drawn by uPlot: a time series for sales by period, bars for everything else. uPlot is a
 * dynamic import, so it arrives in its own chunk the first time a chart shows (shared with the cashbook's
 * chart), never with the sign-in screen or the reports screen itself. The same figures are in a visually hidden
 * table for screen readers and tests, which cannot read a canvas.
 */
import { useEffect, useRef } from 'react';
import type { ReportChart as Chart } from '../../commands/reports';
import { formatShortDate } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';

const HEIGHT = 170;
const COLOURS = ['#1a73e8', '#188038', '#d93025'];

export function ReportChart({ chart, currency, title }: { chart: Chart; currency: string; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    if (!chart.x.length) return;
    void import('uplot').then(({ default: UPlot }) => {
      const el = box.current;
      if (cancelled || !el) return;
      const bars = !chart.time || chart.x.length < 3;
      const step = chart.time && chart.x.length > 1 ? chart.x[1] - chart.x[0] : 1;
      const x = chart.x;
      const u = new UPlot(
        {
          width: Math.max(200, el.clientWidth),
          height: HEIGHT,
          legend: { show: chart.series.length > 1 },
          cursor: { show: false },
          scales: {
            x: chart.time ? { time: true, range: (_u, min, max) => [min - step / 2, max + step / 2] } : { time: false, range: (_u, min, max) => [min - 0.6, max + 0.6] },
            y: { range: (_u, min, max) => [Math.min(0, min * 1.1), max > 0 ? max * 1.1 : 1] },
          },
          axes: [
            chart.time
              ? { space: 70, values: (_u, ticks) => ticks.map((t) => formatShortDate(t * 1000)) }
              : { space: 20, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? shorten(chart.labels[t] ?? '') : '')) },
            { size: 80, values: (_u, ticks) => ticks.map((t) => formatMoney(t, currency).replace(/\.00$/, '')) },
          ],
          series: [
            {},
            ...chart.series.map((s, i) => ({
              label: s.label,
              stroke: COLOURS[i % COLOURS.length],
              fill: bars ? `${COLOURS[i % COLOURS.length]}66` : undefined,
              width: bars ? 1 : 2,
              paths: bars ? UPlot.paths.bars?.({ size: [0.7 / chart.series.length, 60], align: chart.series.length > 1 ? ((i === 0 ? -1 : 1) as -1 | 1) : 0 }) : undefined,
              points: { show: !bars && chart.x.length < 40 },
            })),
          ],
        },
        [x, ...chart.series.map((s) => s.values)],
        el,
      );
      el.dataset.drawn = 'true';
      const resize = new ResizeObserver(() => u.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
      resize.observe(el);
      destroy = () => {
        resize.disconnect();
        u.destroy();
        delete el.dataset.drawn;
      };
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [chart, currency]);

  return (
    <figure className="report-chart" data-testid="report-chart">
      <figcaption>{title}</figcaption>
      {chart.x.length ? <div ref={box} className="report-chart-canvas" aria-hidden="true" /> : <p className="muted">Nothing to chart in this range.</p>}
      {/* In a clipped box: a table grows to its text whatever its own width says, and would widen the page. */}
      <div className="visually-hidden">
        <table data-testid="report-chart-data">
          <tbody>
            {chart.x.map((x, i) => (
              <tr key={i}>
                <th scope="row">{chart.time ? formatShortDate(x * 1000) : chart.labels[i]}</th>
                {chart.series.map((s) => (
                  <td key={s.label}>{formatMoney(s.values[i], currency)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Bar labels stay short under their bar; the table below the chart names each row in full. */
function shorten(label: string): string {
  return label.length > 12 ? `${label.slice(0, 11)}…` : label;
}
