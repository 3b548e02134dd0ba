/**
 * Sales per day over the last 30 days as bars, drawn by uPlot (a small, fast canvas chart). The library is a
 * dynamic import: it arrives in its own chunk when the chart first shows, never with the sign-in screen. The
 * same figures are in a table for screen readers (and for the tests, which cannot read a canvas).
 */
import { useEffect, useRef } from 'react';
import type { DayGlance } from '../../commands/cashbook';
import { formatShortDate } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';

const HEIGHT = 180;

export function SalesChart({ points, currency }: { points: DayGlance['chart']; currency: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    void import('uplot').then(({ default: UPlot }) => {
      const el = box.current;
      if (cancelled || !el) return;
      const data: [number[], number[]] = [points.map((p) => p.day / 1000), points.map((p) => p.total)];
      const chart = new UPlot(
        {
          width: Math.max(200, el.clientWidth),
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          // Half a day either side, so the first and last days' bars are whole.
          scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
          // Days as the tables say them ('27/10/26'), not the chart library's own 'M/D' ('10/27').
          axes: [{ space: 70, values: (_u, ticks) => ticks.map((t) => formatShortDate(t * 1000)) }, { size: 70, values: (_u, ticks) => ticks.map((t) => formatMoney(t, currency).replace(/\.00$/, '')) }],
          series: [{}, { label: 'Sales', stroke: '#1a73e8', fill: 'rgba(26, 115, 232, 0.35)', width: 1, paths: UPlot.paths.bars?.({ size: [0.7, 40] }), points: { show: false } }],
        },
        data,
        el,
      );
      el.dataset.drawn = 'true';
      const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
      resize.observe(el);
      destroy = () => {
        resize.disconnect();
        chart.destroy();
        delete el.dataset.drawn;
      };
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [points, currency]);

  return (
    <figure className="glance-chart" data-testid="glance-chart">
      <figcaption>Sales per day, last 30 days</figcaption>
      <div ref={box} className="glance-chart-canvas" aria-hidden="true" />
      <table className="visually-hidden" data-testid="glance-chart-data">
        <tbody>
          {points.map((p) => (
            <tr key={p.day}>
              <th scope="row">{formatShortDate(p.day)}</th>
              <td>{formatMoney(p.total, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
