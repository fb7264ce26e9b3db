/**
 * The milestone's burndown drawn with Chart.js. This module is loaded on demand by the milestone
 * page (its own chunk), so Chart.js never weighs on the other pages.
 */
import type { BurndownDay } from '@milepost/shared';
import {
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useId, useMemo, useRef } from 'react';
import { formatCalendarDate } from '../../lib/format-date.ts';
import styles from './milestones.module.css';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler);

export type BurndownMeasure = 'count' | 'weight';

const token = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** Open issues (or their weight) per day, and the ideal line from the first day's scope to zero. */
export function BurndownChart({ days, measure }: { days: readonly BurndownDay[]; measure: BurndownMeasure }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const id = useId();
  const values = useMemo(() => days.map((d) => (measure === 'count' ? d.openCount : d.openWeight)), [days, measure]);
  const what = measure === 'count' ? 'Open issues' : 'Open issue weight';

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || days.length === 0) return;
    const first = values[0] ?? 0;
    const ideal = values.map((_, i) => (values.length === 1 ? first : first - (first * i) / (values.length - 1)));
    const primary = token('--color-primary', '#1f75cb');
    const muted = token('--color-text-secondary', '#6b7280');
    const chart = new Chart(canvas, {
      type: 'line',
      data: {
        labels: days.map((d) => formatCalendarDate(d.date).replace(/, \d{4}$/, '')),
        datasets: [
          {
            label: what,
            data: values,
            borderColor: primary,
            backgroundColor: `${primary}22`,
            fill: true,
            stepped: true,
            pointRadius: days.length === 1 ? 4 : 0,
          },
          { label: 'Guideline', data: ideal, borderColor: muted, borderDash: [4, 4], pointRadius: 0, fill: false },
        ],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        responsive: true,
        interaction: { mode: 'index', intersect: false },
        scales: {
          y: { beginAtZero: true, ticks: { precision: 0, color: muted } },
          x: { ticks: { maxTicksLimit: 8, color: muted, autoSkip: true } },
        },
        plugins: { legend: { display: false } },
      },
    });
    return () => chart.destroy();
  }, [days, values, what]);

  if (days.length === 0) {
    return <p className={styles.hint}>The burndown chart starts on the milestone’s start date.</p>;
  }
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-caption`}>
      <div className={styles.canvasBox}>
        <canvas ref={canvasRef} role="img" aria-label={`Burndown chart: ${what.toLowerCase()} per day`} />
      </div>
      <figcaption id={`${id}-caption`} className={styles.legend}>
        <span className={styles.legendLine}>{what}</span>
        <span className={styles.legendGuide}>Guideline</span>
      </figcaption>
      <table className="visually-hidden">
        <caption>{`Burndown by ${measure === 'count' ? 'issue count' : 'issue weight'}, per day`}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">{what}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d.date}>
              <td>{formatCalendarDate(d.date)}</td>
              <td>{values[i]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
