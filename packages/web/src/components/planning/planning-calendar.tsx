import { type CalendarDate, parseDate } from '@internationalized/date';
import { calendarMonthCount, calendarYears, isPastDay } from '@milepost/shared';
import { useContext } from 'react';
import { Calendar, CalendarCell, CalendarGrid, CalendarStateContext, Heading } from 'react-aria-components';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import { SelectField } from '../ui/select-field.tsx';
import styles from './planning-calendar.module.css';

const WEEK_STARTS = { 0: 'sun', 1: 'mon', 6: 'sat' } as const;

export type FirstDayOfWeek = keyof typeof WEEK_STARTS;

type PlanningCalendarProps = {
  label: string;
  value: string | null;
  /** The month shown first (changes with the arrows and the year dropdown). */
  focusedDate: string;
  onFocusChange: (date: string) => void;
  onSelect: (date: string) => void;
  today: string;
  minDate?: string | null;
  maxDate?: string | null;
  monthsToShow?: number;
  yearRange?: number;
  firstDayOfWeek?: FirstDayOfWeek;
};

function toCalendarDate(date: string | null | undefined): CalendarDate | undefined {
  return date ? parseDate(date) : undefined;
}

const MONTH_TITLE = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The name of the `offset`-th visible month, above its grid when several months show. */
function MonthTitle({ offset }: { offset: number }) {
  const state = useContext(CalendarStateContext);
  if (!state) return null;
  const month = state.visibleRange.start.add({ months: offset });
  return (
    <div className={styles.monthTitle} aria-hidden="true">
      {MONTH_TITLE.format(new Date(Date.UTC(month.year, month.month - 1, 1)))}
    </div>
  );
}

/**
 * Up to four months side by side (React Aria Calendar: arrow keys, Page Up/Down, Home/End, Enter),
 * a year dropdown, and days before today marked as past.
 */
export function PlanningCalendar({
  label,
  value,
  focusedDate,
  onFocusChange,
  onSelect,
  today,
  minDate,
  maxDate,
  monthsToShow,
  yearRange,
  firstDayOfWeek = 0,
}: PlanningCalendarProps) {
  const months = calendarMonthCount(monthsToShow);
  const focused = parseDate(focusedDate);
  const years = calendarYears(focused.year, yearRange ?? Number.NaN, minDate, maxDate).map((year) => ({
    id: String(year),
    label: String(year),
  }));

  const handleYearChange = (year: string) => {
    const moved = focused.set({ year: Number(year) }).toString();
    onFocusChange(minDate && moved < minDate ? minDate : maxDate && moved > maxDate ? maxDate : moved);
  };

  return (
    <Calendar
      className={styles.calendar}
      aria-label={label}
      value={toCalendarDate(value) ?? null}
      minValue={toCalendarDate(minDate)}
      maxValue={toCalendarDate(maxDate)}
      focusedValue={focused}
      onFocusChange={(date) => onFocusChange(date.toString())}
      onChange={(date) => onSelect(date.toString())}
      visibleDuration={{ months }}
      firstDayOfWeek={WEEK_STARTS[firstDayOfWeek]}
      autoFocus
    >
      <header className={styles.header}>
        <Button slot="previous" variant="tertiary" compact iconOnly>
          <Icon name="chevron-left" />
        </Button>
        <Heading className={styles.heading} />
        <SelectField
          label="Year"
          hideLabel
          compact
          className={styles.year}
          options={years}
          value={String(focused.year)}
          onChange={handleYearChange}
        />
        <Button slot="next" variant="tertiary" compact iconOnly>
          <Icon name="chevron-right" />
        </Button>
      </header>
      <div className={styles.months}>
        {Array.from({ length: months }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the grids are the visible months, in order
          <div key={index} className={styles.month}>
            {months > 1 && <MonthTitle offset={index} />}
            <CalendarGrid className={styles.grid} offset={{ months: index }} weekdayStyle="short">
              {(date) => {
                const day = date.toString();
                return (
                  <CalendarCell
                    date={date}
                    className={styles.cell}
                    data-past={isPastDay(day, today) || undefined}
                    data-today={day === today || undefined}
                  />
                );
              }}
            </CalendarGrid>
          </div>
        ))}
      </div>
    </Calendar>
  );
}
