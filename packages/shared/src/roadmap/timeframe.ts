/**
 * The roadmap's timeline: the periods (quarters, months or weeks) shown for a range around today,
 * their header labels and where today falls. Mirrors GitLab's `getTimeframeForRangeType`.
 */
import {
  addDays,
  addMonths,
  daysBetween,
  firstOfMonth,
  formatDateInWords,
  lastOfMonth,
  MONTH_NAMES_SHORT,
  parseIsoDate,
  quarterOfMonth,
  startOfWeek,
  type YearMonth,
} from './calendar.ts';
import {
  DAYS_IN_WEEK,
  DEFAULT_FIRST_DAY_OF_WEEK,
  type FirstDayOfWeek,
  PRESET_TYPES,
  type PresetType,
  presetForRange,
  THREE_YEARS_MONTHS_EACH_SIDE,
  TIMEFRAME_RANGE_TYPES,
  type TimeframeRangeType,
} from './constants.ts';

/** One column of the timeline; `end` is inclusive. */
export type TimeframePeriod = { start: string; end: string; days: number };

export type Timeframe = {
  rangeType: TimeframeRangeType;
  /** The layout actually used: a preset the range does not offer is replaced by the range's default. */
  presetType: PresetType;
  periods: TimeframePeriod[];
  /** First day of the first period. */
  start: string;
  /** Last day of the last period (inclusive). */
  end: string;
  totalDays: number;
};

export type GetTimeframeInput = {
  rangeType: TimeframeRangeType;
  presetType: PresetType;
  /** Today as `YYYY-MM-DD`. */
  today: string;
  firstDayOfWeek?: FirstDayOfWeek;
};

function period(start: string, end: string): TimeframePeriod {
  return { start, end, days: daysBetween(start, end) + 1 };
}

/** The calendar span a range covers, before it is cut into columns. */
function rangeSpan(rangeType: TimeframeRangeType, today: string): { from: string; to: string } {
  const { year, month } = parseIsoDate(today);
  switch (rangeType) {
    case TIMEFRAME_RANGE_TYPES.CURRENT_QUARTER: {
      const first: YearMonth = { year, month: (quarterOfMonth(month) - 1) * 3 + 1 };
      return { from: firstOfMonth(first), to: lastOfMonth(addMonths(first, 2)) };
    }
    case TIMEFRAME_RANGE_TYPES.CURRENT_YEAR:
      return { from: firstOfMonth({ year, month: 1 }), to: lastOfMonth({ year, month: 12 }) };
    case TIMEFRAME_RANGE_TYPES.THREE_YEARS:
      return {
        from: firstOfMonth(addMonths({ year, month }, -THREE_YEARS_MONTHS_EACH_SIDE)),
        to: lastOfMonth(addMonths({ year, month }, THREE_YEARS_MONTHS_EACH_SIDE)),
      };
  }
}

function monthPeriods(from: string, to: string): TimeframePeriod[] {
  const periods: TimeframePeriod[] = [];
  const { year, month } = parseIsoDate(from);
  for (let ym: YearMonth = { year, month }; firstOfMonth(ym) <= to; ym = addMonths(ym, 1)) {
    periods.push(period(firstOfMonth(ym), lastOfMonth(ym)));
  }
  return periods;
}

function quarterPeriods(from: string, to: string): TimeframePeriod[] {
  const periods: TimeframePeriod[] = [];
  const { year, month } = parseIsoDate(from);
  let ym: YearMonth = { year, month: (quarterOfMonth(month) - 1) * 3 + 1 };
  for (; firstOfMonth(ym) <= to; ym = addMonths(ym, 3)) {
    periods.push(period(firstOfMonth(ym), lastOfMonth(addMonths(ym, 2))));
  }
  return periods;
}

function weekPeriods(from: string, to: string, firstDayOfWeek: number): TimeframePeriod[] {
  const periods: TimeframePeriod[] = [];
  for (let start = startOfWeek(from, firstDayOfWeek); start <= to; start = addDays(start, DAYS_IN_WEEK)) {
    periods.push(period(start, addDays(start, DAYS_IN_WEEK - 1)));
  }
  return periods;
}

/**
 * The timeline for a range around `today`:
 * - CURRENT_QUARTER: the weeks covering the current quarter;
 * - CURRENT_YEAR: January to December, as months or as the weeks covering the year;
 * - THREE_YEARS: from the first of the month 18 months before today's month to the last day of the
 *   month 18 months after it, as the quarters covering that span, its 37 months, or its weeks.
 * Week columns start on `firstDayOfWeek` and always span 7 days, so the first and last week may reach
 * outside the range.
 */
export function getTimeframe({
  rangeType,
  presetType,
  today,
  firstDayOfWeek = DEFAULT_FIRST_DAY_OF_WEEK,
}: GetTimeframeInput): Timeframe {
  // The same inputs answer the same (shared, never changed) timeline: a roadmap's first load asks
  // for it in the early script, in the app's prefetch and in the page, each with ~40 periods of
  // calendar arithmetic run cold (decision 0094).
  const key = `${rangeType} ${presetType} ${today} ${firstDayOfWeek}`;
  const known = recentTimeframes.get(key);
  if (known) return known;
  const timeframe = computeTimeframe(rangeType, presetType, today, firstDayOfWeek);
  if (recentTimeframes.size >= RECENT_TIMEFRAMES)
    recentTimeframes.delete(recentTimeframes.keys().next().value as string);
  recentTimeframes.set(key, timeframe);
  return timeframe;
}

/** The last timelines made, by their inputs (a few: a page shows one, a settings change makes another). */
const recentTimeframes = new Map<string, Timeframe>();
const RECENT_TIMEFRAMES = 8;

function computeTimeframe(
  rangeType: TimeframeRangeType,
  presetType: PresetType,
  today: string,
  firstDayOfWeek: number,
): Timeframe {
  const preset = presetForRange(rangeType, presetType);
  const { from, to } = rangeSpan(rangeType, today);
  const periods =
    preset === PRESET_TYPES.QUARTERS
      ? quarterPeriods(from, to)
      : preset === PRESET_TYPES.MONTHS
        ? monthPeriods(from, to)
        : weekPeriods(from, to, firstDayOfWeek);
  const start = periods[0]!.start;
  const end = periods[periods.length - 1]!.end;
  return { rangeType, presetType: preset, periods, start, end, totalDays: daysBetween(start, end) + 1 };
}

/** The GraphQL `timeframe` argument: the whole visible span, both ends inclusive. */
export function timeframeQueryRange(tf: Timeframe): { start: string; end: string } {
  return { start: tf.start, end: tf.end };
}

/** Index of the period containing `date`, or -1 when the date is outside the timeframe. */
export function periodIndexOf(tf: Timeframe, date: string): number {
  if (date < tf.start || date > tf.end) return -1;
  let lo = 0;
  let hi = tf.periods.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (tf.periods[mid]!.start <= date) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export type PeriodSubHeader = {
  label: string;
  /** First day the sub-header stands for. */
  date: string;
  /** Today falls in what this sub-header stands for (its month, its 7-day step, or its day). */
  isToday: boolean;
  /** Everything this sub-header stands for is before today (GitLab shows these lighter). */
  isPast: boolean;
};

export type PeriodHeader = {
  title: string;
  subHeaders: PeriodSubHeader[];
  /** Today is inside the period. */
  isCurrent: boolean;
  /** The period ended before today. */
  isPast: boolean;
};

function subHeader(label: string, from: string, to: string, today: string): PeriodSubHeader {
  return { label, date: from, isToday: from <= today && today <= to, isPast: to < today };
}

/**
 * Header labels of one timeline column, as GitLab's preset header items show them:
 * - quarters: '2026 Q4' on the first column and on every Q1, else 'Q4'; sub-headers are the three
 *   month names;
 * - months: 'Nov 2026' on the first column and on every January, else 'Nov'; sub-headers are the day
 *   numbers 1, 8, 15, 22, 29 (every 7th day; each stands for 7 days, the last up to month end);
 * - weeks: 'Nov 22, 2026' on the first column and on the first week starting in January, else
 *   'Nov 22'; sub-headers are the seven day numbers.
 */
export function periodHeader(
  p: TimeframePeriod,
  presetType: PresetType,
  { today, isFirst = false }: { today: string; isFirst?: boolean },
): PeriodHeader {
  const { year, month, day } = parseIsoDate(p.start);
  const subHeaders: PeriodSubHeader[] = [];
  let title: string;
  if (presetType === PRESET_TYPES.QUARTERS) {
    const quarter = quarterOfMonth(month);
    title = isFirst || quarter === 1 ? `${year} Q${quarter}` : `Q${quarter}`;
    for (let i = 0; i < 3; i += 1) {
      const ym = addMonths({ year, month }, i);
      subHeaders.push(subHeader(MONTH_NAMES_SHORT[ym.month - 1]!, firstOfMonth(ym), lastOfMonth(ym), today));
    }
  } else if (presetType === PRESET_TYPES.MONTHS) {
    const name = MONTH_NAMES_SHORT[month - 1]!;
    title = isFirst || month === 1 ? `${name} ${year}` : name;
    for (let d = 1; d <= p.days; d += DAYS_IN_WEEK) {
      const from = addDays(p.start, d - 1);
      const to = addDays(p.start, Math.min(d + DAYS_IN_WEEK - 1, p.days) - 1);
      subHeaders.push(subHeader(String(d), from, to, today));
    }
  } else {
    title = formatDateInWords(p.start, { hideYear: !(isFirst || (month === 1 && day <= DAYS_IN_WEEK)) });
    for (let i = 0; i < p.days; i += 1) {
      const date = addDays(p.start, i);
      subHeaders.push(subHeader(String(parseIsoDate(date).day), date, date, today));
    }
  }
  return { title, subHeaders, isCurrent: p.start <= today && today <= p.end, isPast: p.end < today };
}

/** The headers of every column of a timeframe (the first column carries the year). */
export function timeframeHeaders(tf: Timeframe, today: string): PeriodHeader[] {
  return tf.periods.map((p, i) => periodHeader(p, tf.presetType, { today, isFirst: i === 0 }));
}

/**
 * Where the today indicator goes: the column containing today and the fraction (0–1) of that
 * column's width at the middle of today's day. Null when today is outside the timeframe.
 */
export function todayPosition(tf: Timeframe, today: string): { periodIndex: number; fraction: number } | null {
  const periodIndex = periodIndexOf(tf, today);
  if (periodIndex < 0) return null;
  const p = tf.periods[periodIndex]!;
  return { periodIndex, fraction: (daysBetween(p.start, today) + 0.5) / p.days };
}
