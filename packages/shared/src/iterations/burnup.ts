/**
 * The iteration report's burnup chart, as numbers: one point per day from the iteration's start,
 * a "nice" y scale and the polyline of each series in a chart box. Rendering (SVG) is the web's.
 */

export type BurnupDay = {
  date: string;
  scopeCount: number;
  completedCount: number;
  scopeWeight: number;
  completedWeight: number;
};

export type BurnupMeasure = 'count' | 'weight';

export type BurnupBox = { width: number; height: number };

export type BurnupGeometry = {
  /** y-axis ticks from 0 to the scale's top, evenly spaced, whole numbers */
  ticks: number[];
  max: number;
  scope: { x: number; y: number }[];
  completed: { x: number; y: number }[];
};

/** The scale's top: the smallest of 1, 2, 5 × 10ⁿ (n ≥ 0) that is at least `value` (4 for 0). */
export function niceMax(value: number): number {
  if (value <= 0) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Up to five whole ticks from 0 to `max` (max is 1, 2, 5 × 10ⁿ or 4). */
export function burnupTicks(max: number): number[] {
  const steps = max <= 4 ? max : max % 4 === 0 ? 4 : 5;
  return Array.from({ length: steps + 1 }, (_, i) => Math.round((max / steps) * i));
}

/**
 * Points of the scope and completed lines for `measure`, in a box (0,0 top left). The x axis spans
 * `span` days (the whole iteration; at least the days given): the lines stop at the last day known.
 */
export function burnupGeometry(
  days: readonly BurnupDay[],
  measure: BurnupMeasure,
  box: BurnupBox,
  span: number = days.length,
): BurnupGeometry {
  const scopeOf = (d: BurnupDay) => (measure === 'count' ? d.scopeCount : d.scopeWeight);
  const doneOf = (d: BurnupDay) => (measure === 'count' ? d.completedCount : d.completedWeight);
  const max = niceMax(Math.max(0, ...days.map(scopeOf), ...days.map(doneOf)));
  const slots = Math.max(span, days.length);
  const stepX = slots > 1 ? box.width / (slots - 1) : 0;
  const point = (value: number, i: number) => ({
    x: Math.round(i * stepX * 100) / 100,
    y: Math.round((box.height - (value / max) * box.height) * 100) / 100,
  });
  return {
    ticks: burnupTicks(max),
    max,
    scope: days.map((d, i) => point(scopeOf(d), i)),
    completed: days.map((d, i) => point(doneOf(d), i)),
  };
}
