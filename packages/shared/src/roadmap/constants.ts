/** The group roadmap's enums and limits (spec §4, §5, §9), as `as const` objects with derived types. */

/** Column layout of the timeline: one cell per quarter, month or week. */
export const PRESET_TYPES = { QUARTERS: 'QUARTERS', MONTHS: 'MONTHS', WEEKS: 'WEEKS' } as const;
export type PresetType = (typeof PRESET_TYPES)[keyof typeof PRESET_TYPES];

/** The span of the timeline. `THREE_YEARS` covers 18 months before and after today. */
export const TIMEFRAME_RANGE_TYPES = {
  CURRENT_QUARTER: 'CURRENT_QUARTER',
  CURRENT_YEAR: 'CURRENT_YEAR',
  THREE_YEARS: 'THREE_YEARS',
} as const;
export type TimeframeRangeType = (typeof TIMEFRAME_RANGE_TYPES)[keyof typeof TIMEFRAME_RANGE_TYPES];

/** Months before and after today's month covered by the three-year range. */
export const THREE_YEARS_MONTHS_EACH_SIDE = 18;

const PRESETS_FOR_RANGE: Record<TimeframeRangeType, readonly PresetType[]> = {
  CURRENT_QUARTER: [PRESET_TYPES.WEEKS],
  CURRENT_YEAR: [PRESET_TYPES.MONTHS, PRESET_TYPES.WEEKS],
  THREE_YEARS: [PRESET_TYPES.QUARTERS, PRESET_TYPES.MONTHS, PRESET_TYPES.WEEKS],
};

export function isTimeframeRangeType(value: unknown): value is TimeframeRangeType {
  return typeof value === 'string' && Object.hasOwn(PRESETS_FOR_RANGE, value);
}

export function isPresetType(value: unknown): value is PresetType {
  return typeof value === 'string' && Object.hasOwn(PRESET_TYPES, value);
}

/** The layouts a range offers: the current quarter has weekly columns only. */
export function presetsForRange(range: TimeframeRangeType): PresetType[] {
  return [...PRESETS_FOR_RANGE[range]];
}

/** The layout chosen when the range changes (the widest the range offers). */
export function defaultPresetForRange(range: TimeframeRangeType): PresetType {
  return PRESETS_FOR_RANGE[range][0]!;
}

/** `preset` when the range offers it, else the range's default (GitLab's `getPresetTypeForTimeframeRangeType`). */
export function presetForRange(range: TimeframeRangeType, preset: string | null | undefined): PresetType {
  return isPresetType(preset) && PRESETS_FOR_RANGE[range].includes(preset) ? preset : defaultPresetForRange(range);
}

export const TIMEFRAME_RANGE_OPTIONS: readonly { value: TimeframeRangeType; text: string }[] = [
  { value: TIMEFRAME_RANGE_TYPES.CURRENT_QUARTER, text: 'This quarter' },
  { value: TIMEFRAME_RANGE_TYPES.CURRENT_YEAR, text: 'This year' },
  { value: TIMEFRAME_RANGE_TYPES.THREE_YEARS, text: 'Within 3 years' },
];

export const PRESET_OPTIONS: readonly { value: PresetType; text: string }[] = [
  { value: PRESET_TYPES.QUARTERS, text: 'Quarters' },
  { value: PRESET_TYPES.MONTHS, text: 'Months' },
  { value: PRESET_TYPES.WEEKS, text: 'Weeks' },
];

export const EPICS_STATES = { ALL: 'all', OPENED: 'opened', CLOSED: 'closed' } as const;
export type EpicsState = (typeof EPICS_STATES)[keyof typeof EPICS_STATES];

export const EPICS_STATE_OPTIONS: readonly { value: EpicsState; text: string }[] = [
  { value: EPICS_STATES.ALL, text: 'Show all epics' },
  { value: EPICS_STATES.OPENED, text: 'Show open epics' },
  { value: EPICS_STATES.CLOSED, text: 'Show closed epics' },
];

export function isEpicsState(value: unknown): value is EpicsState {
  return value === EPICS_STATES.ALL || value === EPICS_STATES.OPENED || value === EPICS_STATES.CLOSED;
}

/** Which milestones the milestones row shows. GROUP: group milestones that are not subgroup milestones. */
export const MILESTONES_TYPES = { ALL: 'ALL', GROUP: 'GROUP', SUBGROUP: 'SUBGROUP', PROJECT: 'PROJECT' } as const;
export type MilestonesType = (typeof MILESTONES_TYPES)[keyof typeof MILESTONES_TYPES];

export const MILESTONES_TYPE_OPTIONS: readonly { value: MilestonesType; text: string }[] = [
  { value: MILESTONES_TYPES.ALL, text: 'Show all milestones' },
  { value: MILESTONES_TYPES.GROUP, text: 'Show group milestones' },
  { value: MILESTONES_TYPES.SUBGROUP, text: 'Show sub-group milestones' },
  { value: MILESTONES_TYPES.PROJECT, text: 'Show project milestones' },
];

export function isMilestonesType(value: unknown): value is MilestonesType {
  return typeof value === 'string' && Object.hasOwn(MILESTONES_TYPES, value);
}

export const PROGRESS_TRACKING = { WEIGHT: 'WEIGHT', COUNT: 'COUNT' } as const;
export type ProgressTracking = (typeof PROGRESS_TRACKING)[keyof typeof PROGRESS_TRACKING];

export const PROGRESS_TRACKING_OPTIONS: readonly { value: ProgressTracking; text: string }[] = [
  { value: PROGRESS_TRACKING.WEIGHT, text: 'Use issue weight' },
  { value: PROGRESS_TRACKING.COUNT, text: 'Use issue count' },
];

export function isProgressTracking(value: unknown): value is ProgressTracking {
  return value === PROGRESS_TRACKING.WEIGHT || value === PROGRESS_TRACKING.COUNT;
}

/** Allowed sort values (spec §5): START_DATE, END_DATE, TITLE, CREATED_AT, UPDATED_AT with _ASC or _DESC. */
export const ROADMAP_SORTS = {
  START_DATE_ASC: 'START_DATE_ASC',
  START_DATE_DESC: 'START_DATE_DESC',
  END_DATE_ASC: 'END_DATE_ASC',
  END_DATE_DESC: 'END_DATE_DESC',
  TITLE_ASC: 'TITLE_ASC',
  TITLE_DESC: 'TITLE_DESC',
  CREATED_AT_ASC: 'CREATED_AT_ASC',
  CREATED_AT_DESC: 'CREATED_AT_DESC',
  UPDATED_AT_ASC: 'UPDATED_AT_ASC',
  UPDATED_AT_DESC: 'UPDATED_AT_DESC',
} as const;
export type RoadmapSort = (typeof ROADMAP_SORTS)[keyof typeof ROADMAP_SORTS];
export type SortDirection = 'ASC' | 'DESC';

export type RoadmapSortOption = { value: RoadmapSort; text: string; direction: SortDirection };

/**
 * The sort fields as GitLab's sort control shows them: one title per field, with an ascending and a
 * descending value (the direction is a separate toggle).
 */
export const ROADMAP_SORT_FIELDS: readonly { text: string; ascending: RoadmapSort; descending: RoadmapSort }[] = [
  { text: 'Start date', ascending: ROADMAP_SORTS.START_DATE_ASC, descending: ROADMAP_SORTS.START_DATE_DESC },
  { text: 'Due date', ascending: ROADMAP_SORTS.END_DATE_ASC, descending: ROADMAP_SORTS.END_DATE_DESC },
  { text: 'Title', ascending: ROADMAP_SORTS.TITLE_ASC, descending: ROADMAP_SORTS.TITLE_DESC },
  { text: 'Created date', ascending: ROADMAP_SORTS.CREATED_AT_ASC, descending: ROADMAP_SORTS.CREATED_AT_DESC },
  { text: 'Last updated', ascending: ROADMAP_SORTS.UPDATED_AT_ASC, descending: ROADMAP_SORTS.UPDATED_AT_DESC },
];

/** Every sort value with its field title and direction; the first is the default (spec §4). */
export const ROADMAP_SORT_OPTIONS: readonly RoadmapSortOption[] = ROADMAP_SORT_FIELDS.flatMap((f) => [
  { value: f.ascending, text: f.text, direction: 'ASC' as const },
  { value: f.descending, text: f.text, direction: 'DESC' as const },
]);

export const DEFAULT_ROADMAP_SORT: RoadmapSort = ROADMAP_SORTS.START_DATE_ASC;

export function isRoadmapSort(value: unknown): value is RoadmapSort {
  return typeof value === 'string' && Object.hasOwn(ROADMAP_SORTS, value);
}

/** The sort option for a value, or undefined when the value is not an allowed sort. */
export function roadmapSortOption(value: string): RoadmapSortOption | undefined {
  return ROADMAP_SORT_OPTIONS.find((o) => o.value === value);
}

/** The same field sorted the other way (the direction toggle). */
export function toggleSortDirection(value: RoadmapSort): RoadmapSort {
  return value.endsWith('_ASC')
    ? (value.replace(/_ASC$/, '_DESC') as RoadmapSort)
    : (value.replace(/_DESC$/, '_ASC') as RoadmapSort);
}

/**
 * The server's GraphQL `EpicSort` value for a roadmap sort. The schema has every one of these
 * upper-case values (the lower-case `start_date_asc` … forms are deprecated there), so the mapping is
 * one to one; an unknown value falls back to the default sort.
 */
export type EpicSort = RoadmapSort;
export function toEpicSort(value: string): EpicSort {
  return isRoadmapSort(value) ? value : DEFAULT_ROADMAP_SORT;
}

/** First day of the week from the user's preference: 0 Sunday, 1 Monday, 6 Saturday (default 0). */
export const FIRST_DAY_OF_WEEK = [0, 1, 6] as const;
export type FirstDayOfWeek = (typeof FIRST_DAY_OF_WEEK)[number];
export const DEFAULT_FIRST_DAY_OF_WEEK: FirstDayOfWeek = 0;

export function isFirstDayOfWeek(value: unknown): value is FirstDayOfWeek {
  return value === 0 || value === 1 || value === 6;
}

/** Above this many epics the roadmap shows a dismissible warning (the server may give its own limit). */
export const ROADMAP_EPICS_LIMIT_DEFAULT = 1000;
/** Epics fetched per page (spec §9: the epics query's page size defaults to 50). */
export const ROADMAP_PAGE_SIZE = 50;
/** Days in a week column: week bars use 7-day units. */
export const DAYS_IN_WEEK = 7;
