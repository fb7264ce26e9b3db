import { DEFAULT_FIRST_DAY_OF_WEEK, type FirstDayOfWeek } from '@milepost/shared';
import type { SelectOption } from '../../components/ui/select-field.tsx';

export type FirstDayOption = SelectOption & { value: FirstDayOfWeek };

/** The choices of 'First day of the week' (GitLab's): the system default is Sunday. */
export const FIRST_DAY_OPTIONS: readonly FirstDayOption[] = [
  { id: 'default', label: 'System default (Sunday)', value: DEFAULT_FIRST_DAY_OF_WEEK },
  { id: 'sunday', label: 'Sunday', value: 0 },
  { id: 'monday', label: 'Monday', value: 1 },
  { id: 'saturday', label: 'Saturday', value: 6 },
];

/** The option showing a saved day: the system default stands for Sunday, the default day. */
export function firstDayOptionId(day: number): string {
  if (day === DEFAULT_FIRST_DAY_OF_WEEK) return 'default';
  return FIRST_DAY_OPTIONS.find((option) => option.id !== 'default' && option.value === day)?.id ?? 'default';
}

export function firstDayValue(optionId: string): FirstDayOfWeek {
  return FIRST_DAY_OPTIONS.find((option) => option.id === optionId)?.value ?? DEFAULT_FIRST_DAY_OF_WEEK;
}
