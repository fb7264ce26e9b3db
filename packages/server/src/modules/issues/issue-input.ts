/**
 * Validation of an issue's attributes, shared by create and update and by every transport.
 * Field errors use GitLab's (ActiveRecord) wording; nothing is rendered or written before they pass.
 */
import { isIsoDate, MAX_DURATION_SECONDS, parseDuration, type TaskToggle } from '@milepost/shared';
import type { IssueRow } from '../../db/schema.ts';
import type { FieldErrors } from '../validation.ts';
import { HEALTH_STATUSES, type HealthStatus, ISSUE_TYPES, type IssueType } from './issue-filters.ts';

export const MAX_TITLE_LENGTH = 255;
/** GitLab's limit on descriptions: 1 MiB of characters. */
export const MAX_DESCRIPTION_LENGTH = 1_048_576;

export const STALE_ISSUE_MESSAGE =
  'Someone edited this issue at the same time you did. Please refresh your browser and make sure your changes will not unintentionally remove theirs.';

/** An issue's attributes as any transport hands them over; `undefined` means "not given". */
export type IssueInput = {
  title?: unknown;
  description?: unknown;
  confidential?: boolean;
  issueType?: unknown;
  assigneeIds?: number[];
  labelIds?: number[];
  labelTitles?: string[];
  addLabelIds?: number[];
  addLabelTitles?: string[];
  removeLabelIds?: number[];
  removeLabelTitles?: string[];
  milestoneId?: number | null;
  weight?: unknown;
  dueDate?: unknown;
  /** the API value (on_track, needs_attention, at_risk) or null to clear */
  healthStatus?: unknown;
  /** seconds, or a duration as GitLab's `/estimate` takes it (`1w 2d 3h`); null, 0 or '0' removes it */
  timeEstimate?: unknown;
  stateEvent?: 'close' | 'reopen';
  discussionLocked?: boolean;
  epicId?: number | null;
  lockVersion?: number;
  /** one checkbox of the description (GitLab's `update_task`), applied to the current description */
  taskToggle?: TaskToggle;
  /** create only: the parent work item (an issue id the work items service checked) */
  workItemParentId?: number;
};

/** The plain columns an input sets, validated. */
export type ScalarChanges = Partial<
  Pick<
    IssueRow,
    | 'title'
    | 'description'
    | 'confidential'
    | 'issueType'
    | 'weight'
    | 'dueDate'
    | 'healthStatus'
    | 'discussionLocked'
    | 'timeEstimate'
  >
>;

/** Validates the plain attributes; throws nothing, collects GitLab's field errors. */
export function validateIssueInput(input: IssueInput, creating: boolean, errors: FieldErrors): ScalarChanges {
  const out: ScalarChanges = {};
  if (creating || input.title !== undefined) {
    if (typeof input.title === 'string' && input.title.length > MAX_TITLE_LENGTH) {
      errors.add('title', `is too long (maximum is ${MAX_TITLE_LENGTH} characters)`);
    } else {
      out.title = errors.text('title', input.title, MAX_TITLE_LENGTH);
    }
  }
  if (input.description !== undefined && input.description !== null) {
    // Checked before anything renders it.
    if (typeof input.description !== 'string') errors.add('description', 'is invalid');
    else if (input.description.length > MAX_DESCRIPTION_LENGTH) {
      errors.add('description', `is too long (maximum is ${MAX_DESCRIPTION_LENGTH} characters)`);
    } else out.description = input.description;
  } else if (input.description === null) out.description = '';
  if (input.confidential !== undefined) out.confidential = input.confidential;
  if (input.discussionLocked !== undefined) out.discussionLocked = input.discussionLocked;
  if (input.issueType !== undefined && input.issueType !== null) {
    if (typeof input.issueType === 'string' && (ISSUE_TYPES as readonly string[]).includes(input.issueType)) {
      out.issueType = input.issueType as IssueType;
    } else errors.add('issue_type', 'is not included in the list');
  }
  if (input.weight !== undefined) {
    const w = input.weight;
    if (w === null || w === '') out.weight = null;
    else if (typeof w !== 'number' || !Number.isInteger(w)) errors.add('weight', 'is not a number');
    else if (w < 0) errors.add('weight', 'must be greater than or equal to 0');
    else if (w > 2_147_483_647) errors.add('weight', 'must be less than or equal to 2147483647');
    else out.weight = w;
  }
  if (input.dueDate !== undefined) {
    if (input.dueDate === null || input.dueDate === '') out.dueDate = null;
    else if (isIsoDate(input.dueDate)) out.dueDate = input.dueDate;
    else errors.add('due_date', 'is invalid');
  }
  if (input.healthStatus !== undefined) {
    const h = input.healthStatus;
    if (h === null || h === '' || h === 0 || h === '0') out.healthStatus = null;
    else if (typeof h === 'string' && (HEALTH_STATUSES as readonly string[]).includes(h))
      out.healthStatus = h as HealthStatus;
    else errors.add('health_status', 'is not included in the list');
  }
  if (input.timeEstimate !== undefined) {
    const seconds = timeEstimateSeconds(input.timeEstimate);
    if (seconds === null) errors.add('time_estimate', TIME_ESTIMATE_INVALID);
    else out.timeEstimate = seconds;
  }
  return out;
}

/** GitLab's validation message of `time_estimate`. */
export const TIME_ESTIMATE_INVALID = 'must have a valid format and be greater than or equal to zero';

/** Seconds of a time estimate given as seconds or as a duration text; null when invalid or negative. */
export function timeEstimateSeconds(value: unknown): number | null {
  if (value === null || value === '') return 0;
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 && value <= MAX_DURATION_SECONDS ? value : null;
  }
  if (typeof value !== 'string') return null;
  return parseDuration(value);
}

/** The attributes given that only Reporter+ may set (GitLab's issue metadata); others' are dropped. */
export function metadataKeys(input: IssueInput): (keyof IssueInput)[] {
  const keys: (keyof IssueInput)[] = [
    'assigneeIds',
    'labelIds',
    'labelTitles',
    'addLabelIds',
    'addLabelTitles',
    'removeLabelIds',
    'removeLabelTitles',
    'milestoneId',
    'weight',
    'dueDate',
    'healthStatus',
    'discussionLocked',
    'timeEstimate',
  ];
  return keys.filter((k) => input[k] !== undefined);
}
