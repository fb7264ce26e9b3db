/** Validation of epic attributes (shared by create and update), with GitLab's messages. */
import { isHexColor, isIsoDate, type TaskToggle } from '@milepost/shared';
import type { EpicRow } from '../../db/schema.ts';
import { AppError, ValidationError } from '../../errors.ts';
import { FieldErrors } from '../validation.ts';

export const MAX_TITLE_LENGTH = 255;
/** GitLab's description limit: 1 MB. */
export const MAX_DESCRIPTION_LENGTH = 1_048_576;
export const STALE_EPIC_MESSAGE =
  'Someone edited this epic at the same time you did. Please refresh your browser and make sure your changes will not unintentionally remove theirs.';

export type EpicInput = {
  title?: unknown;
  description?: unknown;
  confidential?: unknown;
  color?: unknown;
  startDateIsFixed?: unknown;
  startDateFixed?: unknown;
  dueDateIsFixed?: unknown;
  dueDateFixed?: unknown;
  stateEvent?: 'close' | 'reopen';
  /** database id of the new parent epic; null removes the parent */
  parentId?: number | null;
  /** replace the labels */
  labelIds?: readonly number[];
  labels?: readonly string[];
  addLabelIds?: readonly number[];
  removeLabelIds?: readonly number[];
  addLabels?: readonly string[];
  removeLabels?: readonly string[];
  createdAt?: Date;
  updatedAt?: Date;
  /** optimistic locking (UI forms) */
  lockVersion?: number;
  /** one checkbox of the description (GitLab's `update_task`), applied to the current description */
  taskToggle?: TaskToggle;
};

export type EpicScalarChanges = Partial<
  Pick<
    EpicRow,
    | 'title'
    | 'description'
    | 'confidential'
    | 'color'
    | 'startDateIsFixed'
    | 'startDateFixed'
    | 'dueDateIsFixed'
    | 'dueDateFixed'
  >
>;

function optionalDate(errors: FieldErrors, field: string, value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (!isIsoDate(value)) {
    errors.add(field, 'is not a valid date');
    return undefined;
  }
  return value;
}

function optionalBool(errors: FieldErrors, field: string, value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') {
    errors.add(field, 'is invalid');
    return undefined;
  }
  return value;
}

/**
 * Checks the scalar attributes and returns the column changes. A description over 1 MB is refused
 * before anything else looks at it (nothing renders it). `current` is the epic being updated.
 */
export function validateEpicInput(input: EpicInput, current?: EpicRow): EpicScalarChanges {
  if (typeof input.description === 'string' && input.description.length > MAX_DESCRIPTION_LENGTH) {
    throw new ValidationError({ description: [`is too long (maximum is ${MAX_DESCRIPTION_LENGTH} characters)`] }, 422);
  }
  const errors = new FieldErrors();
  const out: EpicScalarChanges = {};
  if (!current || input.title !== undefined) out.title = errors.text('title', input.title, MAX_TITLE_LENGTH);
  if (input.description !== undefined) {
    if (input.description === null) out.description = '';
    else if (typeof input.description !== 'string') errors.add('description', 'is invalid');
    else out.description = input.description;
  }
  const confidential = optionalBool(errors, 'confidential', input.confidential);
  if (confidential !== undefined) out.confidential = confidential;
  if (input.color !== undefined && input.color !== null) {
    if (!isHexColor(input.color)) errors.add('color', 'must be a valid color code');
    else out.color = input.color;
  }
  const startFixed = optionalDate(errors, 'start_date_fixed', input.startDateFixed);
  const dueFixed = optionalDate(errors, 'due_date_fixed', input.dueDateFixed);
  const startIsFixed = optionalBool(errors, 'start_date_is_fixed', input.startDateIsFixed);
  const dueIsFixed = optionalBool(errors, 'due_date_is_fixed', input.dueDateIsFixed);
  if (startFixed !== undefined) out.startDateFixed = startFixed;
  if (dueFixed !== undefined) out.dueDateFixed = dueFixed;
  // Giving a fixed date without saying otherwise means using it (GitLab's legacy start_date/end_date).
  if (startIsFixed !== undefined) out.startDateIsFixed = startIsFixed;
  else if (startFixed) out.startDateIsFixed = true;
  if (dueIsFixed !== undefined) out.dueDateIsFixed = dueIsFixed;
  else if (dueFixed) out.dueDateIsFixed = true;

  const start = out.startDateFixed !== undefined ? out.startDateFixed : (current?.startDateFixed ?? null);
  const due = out.dueDateFixed !== undefined ? out.dueDateFixed : (current?.dueDateFixed ?? null);
  if (start && due && start > due) {
    if (out.startDateFixed !== undefined) errors.add('start_date_fixed', 'must be on or before the due date');
    else errors.add('due_date_fixed', 'must be on or after the start date');
  }
  if (errors.any) throw new ValidationError(errors.fields, 422);
  if (current && input.lockVersion !== undefined && input.lockVersion !== current.lockVersion) {
    throw new AppError(409, STALE_EPIC_MESSAGE);
  }
  return out;
}

/** Whether an update names any attribute at all (GitLab refuses an empty one). */
export function hasEpicAttributes(input: EpicInput): boolean {
  const keys: (keyof EpicInput)[] = [
    'title',
    'description',
    'confidential',
    'color',
    'startDateIsFixed',
    'startDateFixed',
    'dueDateIsFixed',
    'dueDateFixed',
    'stateEvent',
    'parentId',
    'labelIds',
    'labels',
    'addLabelIds',
    'removeLabelIds',
    'addLabels',
    'removeLabels',
  ];
  return keys.some((k) => input[k] !== undefined);
}
