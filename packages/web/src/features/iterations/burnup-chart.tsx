import {
  type BurnupDay,
  type BurnupMeasure,
  burnupGeometry,
  formatIterationPeriod,
  periodDays,
} from '@milepost/shared';
import { useId } from 'react';
import { useElementWidth } from '../../lib/use-element-width.ts';
import styles from './burnup-chart.module.css';

/** The plot's height; its width follows the figure's (the SVG is drawn at its real size, text unscaled). */
const PLOT_HEIGHT = 200;
const DEFAULT_WIDTH = 616;
const MARGIN = { left: 40, right: 24, top: 12, bottom: 28 };
/** Room for one date label on the x axis. */
const LABEL_WIDTH = 64;

type BurnupChartProps = {
  days: readonly BurnupDay[];
  measure: BurnupMeasure;
  /** The iteration's dates: the x axis spans them (the lines stop at the last day known). */
  startDate?: string;
  dueDate?: string;
};

/** The burnup covers at most this many days (the server's limit too). */
const MAX_DAYS = 366;

const shortDate = (iso: string) => formatIterationPeriod(iso, iso).replace(/, \d{4}$/, '');

/**
 * The iteration's burnup: total scope and completed work per day (by issue count or weight). An SVG
 * with a name and a description, the axis values as text, and the same numbers in a table for screen
 * readers (decision 0026).
 */
export function BurnupChart({ days, measure, startDate, dueDate }: BurnupChartProps) {
  const id = useId();
  const [figureRef, figureWidth] = useElementWidth<HTMLElement>(DEFAULT_WIDTH);
  const box = { width: Math.max(120, figureWidth - MARGIN.left - MARGIN.right), height: PLOT_HEIGHT };
  const axisDays = startDate && dueDate ? periodDays(startDate, dueDate, MAX_DAYS) : days.map((d) => d.date);
  const span = Math.max(axisDays.length, days.length);
  const g = burnupGeometry(days, measure, box, span);
  const xOf = (i: number) => (span > 1 ? (i * box.width) / (span - 1) : 0);
  const unit = measure === 'count' ? 'issues' : 'weight';
  const points = (list: { x: number; y: number }[]) => list.map((p) => `${p.x},${p.y}`).join(' ');
  const last = days.at(-1);
  const scopeOf = (d: BurnupDay) => (measure === 'count' ? d.scopeCount : d.scopeWeight);
  const doneOf = (d: BurnupDay) => (measure === 'count' ? d.completedCount : d.completedWeight);
  const summary = last
    ? `${doneOf(last)} of ${scopeOf(last)} ${unit} completed by ${shortDate(last.date)}.`
    : 'The iteration has not started yet.';

  if (days.length === 0) return <p className={styles.empty}>{summary}</p>;
  const labelEvery = Math.max(1, Math.ceil(span / Math.max(2, Math.floor(box.width / LABEL_WIDTH))));
  /** Every `labelEvery`-th day and the last one, leaving out a label that would run into the last. */
  const labelled = (i: number) => i === span - 1 || (i % labelEvery === 0 && span - 1 - i >= labelEvery);
  return (
    <figure ref={figureRef} className={styles.figure}>
      <svg
        className={styles.chart}
        width={box.width + MARGIN.left + MARGIN.right}
        height={box.height + MARGIN.top + MARGIN.bottom}
        viewBox={`0 0 ${box.width + MARGIN.left + MARGIN.right} ${box.height + MARGIN.top + MARGIN.bottom}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>{`Burnup chart by ${measure === 'count' ? 'issue count' : 'issue weight'}`}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <g transform={`translate(${MARGIN.left} ${MARGIN.top})`}>
          {g.ticks.map((tick) => {
            const y = box.height - (tick / g.max) * box.height;
            return (
              <g key={tick}>
                <line className={styles.grid} x1={0} x2={box.width} y1={y} y2={y} />
                <text className={styles.axis} x={-8} y={y} textAnchor="end" dominantBaseline="middle">
                  {tick}
                </text>
              </g>
            );
          })}
          {axisDays.map((date, i) =>
            labelled(i) ? (
              <text
                key={date}
                className={styles.axis}
                x={xOf(i)}
                y={box.height + 18}
                textAnchor={i === 0 ? 'start' : i === span - 1 ? 'end' : 'middle'}
              >
                {shortDate(date)}
              </text>
            ) : null,
          )}
          <polyline className={styles.scope} points={points(g.scope)} data-series="scope" />
          <polyline className={styles.completed} points={points(g.completed)} data-series="completed" />
          {days.length === 1 && span > 0 && (
            <>
              <circle className={styles.scopeDot} cx={g.scope[0]?.x} cy={g.scope[0]?.y} r={3} />
              <circle className={styles.completedDot} cx={g.completed[0]?.x} cy={g.completed[0]?.y} r={3} />
            </>
          )}
        </g>
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.legendScope}>Total</span>
        <span className={styles.legendCompleted}>Completed</span>
      </figcaption>
      <table className="visually-hidden">
        <caption>{`Burnup by ${measure === 'count' ? 'issue count' : 'issue weight'}, per day`}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Total</th>
            <th scope="col">Completed</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{shortDate(d.date)}</th>
              <td>{scopeOf(d)}</td>
              <td>{doneOf(d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
