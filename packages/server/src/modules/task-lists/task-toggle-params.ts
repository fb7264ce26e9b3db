/**
 * GitLab's `update_task` parameter of the issue and epic pages' update (`PUT …/-/issues/<iid>.json`
 * `{issue: {update_task: {index, checked, line_number, line_source}}}`, the same under `epic`):
 * one checkbox of the description, named by its line and that line as the page saw it.
 */
import type { TaskToggle } from '@milepost/shared';
import { boolParam, intParam, ParamError, type Params } from '../../http/grape-params.ts';

/** The toggle, or undefined when `update_task` is not given; a malformed one is refused (400/422). */
export function taskToggleParam(p: Params): TaskToggle | undefined {
  const raw = p.update_task;
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ParamError('update_task is invalid');
  const task = raw as Params;
  const lineNumber = intParam(task, 'line_number');
  const checked = boolParam(task, 'checked');
  const lineSource = task.line_source;
  if (lineNumber === undefined || lineNumber < 1) throw new ParamError('update_task[line_number] is missing');
  if (checked === undefined) throw new ParamError('update_task[checked] is missing');
  if (typeof lineSource !== 'string') throw new ParamError('update_task[line_source] is missing');
  return { lineNumber, lineSource, checked };
}
