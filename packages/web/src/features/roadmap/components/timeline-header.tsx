import { PRESET_TYPES, type PresetType, type Timeframe, timeframeHeaders } from '@milepost/shared';
import { memo, useMemo } from 'react';
import styles from '../roadmap.module.css';

type TimelineHeaderProps = {
  timeframe: Timeframe;
  today: string;
  cellWidth: number;
  leftWidth: number;
  /** Pixels from the timeline's left edge to today's line; null when today is outside. */
  todayOffset: number | null;
  /** The corner cell's content (the list's title). */
  corner: string;
};

const SUB_HEADER_WORD: Record<PresetType, string> = {
  [PRESET_TYPES.QUARTERS]: 'months',
  [PRESET_TYPES.MONTHS]: 'weeks starting on day',
  [PRESET_TYPES.WEEKS]: 'days',
};

/**
 * The sticky header: one column per period with its title ('2026 Q4', 'Nov', 'Nov 22') and its
 * sub-headers (months, week starts or days), today's sub-header marked, and today's line.
 */
export const TimelineHeader = memo(function TimelineHeader({
  timeframe,
  today,
  cellWidth,
  leftWidth,
  todayOffset,
  corner,
}: TimelineHeaderProps) {
  const headers = useMemo(() => timeframeHeaders(timeframe, today), [timeframe, today]);
  return (
    <div className={styles.header}>
      <div className={styles.headerCorner} style={{ width: leftWidth }}>
        {corner}
      </div>
      <div className={styles.headerTimeline} style={{ width: timeframe.periods.length * cellWidth }}>
        {headers.map((header, index) => {
          const period = timeframe.periods[index];
          return (
            <div
              key={period?.start ?? index}
              className={[styles.headerCell, header.isCurrent && styles.headerCellCurrent].filter(Boolean).join(' ')}
              style={{ width: cellWidth }}
              data-period-start={period?.start}
            >
              <span className={styles.headerTitle}>{header.title}</span>
              <span className={styles.subHeaders}>
                <span className="visually-hidden">{SUB_HEADER_WORD[timeframe.presetType]}</span>
                {header.subHeaders.map((sub, subIndex) => (
                  <span
                    key={sub.date}
                    className={[
                      styles.subHeader,
                      sub.isToday && styles.subHeaderToday,
                      sub.isPast && styles.subHeaderPast,
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    style={{ flexGrow: subHeaderDays(header.subHeaders, subIndex, period?.end ?? sub.date) }}
                  >
                    {sub.label}
                  </span>
                ))}
              </span>
            </div>
          );
        })}
        {todayOffset !== null && (
          <span className={styles.todayLineHeader} style={{ left: todayOffset }} aria-hidden="true" />
        )}
      </div>
    </div>
  );
});

/** Days a sub-header stands for: up to the next one's date, the last up to the period's end. */
function subHeaderDays(subs: readonly { date: string }[], index: number, periodEnd: string): number {
  const from = Date.parse(subs[index]?.date ?? periodEnd);
  const next = subs[index + 1];
  const to = next ? Date.parse(next.date) : Date.parse(periodEnd) + 86_400_000;
  return Math.max(1, Math.round((to - from) / 86_400_000));
}
