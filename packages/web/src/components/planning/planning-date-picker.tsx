import { clampPickerDate, DEFAULT_PICKER_FORMAT, formatPickerDate, resolveTypedDate } from '@milepost/shared';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Dialog, DialogTrigger, Group, Input, Label, Popover, Text, TextField } from 'react-aria-components';
import { preferredToday } from '../../lib/format-date.ts';
import { Button } from '../ui/button.tsx';
import fieldStyles from '../ui/field.module.css';
import { Icon } from '../ui/icon.tsx';
import { type FirstDayOfWeek, PlanningCalendar } from './planning-calendar.tsx';
import styles from './planning-date-picker.module.css';

export type PlanningDatePickerProps = {
  /** Names the field (shown above it unless `hideLabel`). */
  label: string;
  hideLabel?: boolean;
  /** A hint under the field, read with it (aria-describedby). */
  description?: string;
  /** The date, `YYYY-MM-DD`, or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  minDate?: string | null;
  maxDate?: string | null;
  /** How the date is written in the input: tokens YYYY, MM, DD, M, D (default 'YYYY-MM-DD'). */
  format?: string;
  /** Months shown side by side in the calendar (default 1, at most 4). */
  monthsToShow?: number;
  /** Years offered before and after the shown one (default 10, at most 100). */
  yearRange?: number;
  /** 0 Sunday (default), 1 Monday, 6 Saturday. */
  firstDayOfWeek?: FirstDayOfWeek;
  /** Today's calendar date; the viewer's local date when omitted. */
  today?: string;
  placeholder?: string;
  /** Shows a button that empties the field (default true). */
  showClearButton?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
  className?: string;
};

/**
 * A date typed as text (dashes or slashes; text that is no date means today) or picked in a
 * calendar, always clamped into [minDate, maxDate]. Enter on an empty input resets to the
 * minimum date or to none; Alt+↓ opens the calendar.
 */
export function PlanningDatePicker({
  label,
  hideLabel,
  description,
  value,
  onChange,
  minDate,
  maxDate,
  format = DEFAULT_PICKER_FORMAT,
  monthsToShow,
  yearRange,
  firstDayOfWeek,
  today: givenToday,
  placeholder,
  showClearButton = true,
  isDisabled,
  autoFocus,
  className,
}: PlanningDatePickerProps) {
  const today = givenToday ?? preferredToday();
  const [draft, setDraft] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [focusedDate, setFocusedDate] = useState(value ?? clampPickerDate(today, minDate, maxDate));
  const groupRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const text = draft ?? (value ? formatPickerDate(value, format) : '');

  const apply = (next: string | null) => {
    setDraft(null);
    if (next !== value) onChange(next);
  };

  const commitText = (text: string) => apply(resolveTypedDate(text, { today, minDate, maxDate, format }));

  const handleOpenChange = (open: boolean) => {
    if (open) setFocusedDate(value ?? clampPickerDate(today, minDate, maxDate));
    setIsOpen(open);
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitText(text);
    } else if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault();
      handleOpenChange(true);
    }
  };

  const handleBlur = () => {
    if (draft === null) return;
    // Emptied and left: no date. Typed and left: the typed date, as with Enter.
    if (!draft.trim()) apply(null);
    else commitText(draft);
  };

  const handleClear = () => {
    apply(null);
    inputRef.current?.focus();
  };

  const handleSelect = (date: string) => {
    setIsOpen(false);
    apply(clampPickerDate(date, minDate, maxDate));
  };

  return (
    <TextField
      className={[styles.field, className].filter(Boolean).join(' ')}
      value={text}
      onChange={setDraft}
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
      isDisabled={isDisabled}
      autoFocus={autoFocus}
    >
      <Label className={hideLabel ? 'visually-hidden' : styles.label}>{label}</Label>
      <Group ref={groupRef} className={styles.control} isDisabled={isDisabled}>
        <Input ref={inputRef} className={styles.input} placeholder={placeholder ?? format} autoComplete="off" />
        {showClearButton && text && (
          <Button variant="tertiary" compact iconOnly aria-label="Clear date" onPress={handleClear}>
            <Icon name="close" />
          </Button>
        )}
        <DialogTrigger isOpen={isOpen} onOpenChange={handleOpenChange}>
          <Button variant="tertiary" compact iconOnly aria-label="Choose date" isDisabled={isDisabled}>
            <Icon name="calendar" />
          </Button>
          <Popover className={styles.popover} triggerRef={groupRef} placement="bottom start">
            <Dialog className={styles.dialog} aria-label={label}>
              <PlanningCalendar
                label={label}
                value={value}
                focusedDate={focusedDate}
                onFocusChange={setFocusedDate}
                onSelect={handleSelect}
                today={today}
                minDate={minDate}
                maxDate={maxDate}
                monthsToShow={monthsToShow}
                yearRange={yearRange}
                firstDayOfWeek={firstDayOfWeek}
              />
            </Dialog>
          </Popover>
        </DialogTrigger>
      </Group>
      {description && (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      )}
    </TextField>
  );
}
