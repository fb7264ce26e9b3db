/** GitLab's REST iteration parameters of issue lists: `iteration_id` (id, None, Any, Current), `iteration_title`, `not[…]`. */
import { intParam, ParamError, type Params, stringParam } from '../../http/grape-params.ts';
import type { IssueIterationFilter, NegatedIssueIterationFilter } from './issue-iteration-filters.ts';

export function iterationFilterFromParams(
  p: Params,
  not: Params,
): IssueIterationFilter & { not: NegatedIssueIterationFilter } {
  if (p.iteration_id !== undefined && p.iteration_title !== undefined) {
    throw new ParamError('iteration_id, iteration_title are mutually exclusive');
  }
  const raw = p.iteration_id;
  const wildcard =
    typeof raw === 'string' && /^(none|any|current)$/i.test(raw)
      ? (raw.toUpperCase() as 'NONE' | 'ANY' | 'CURRENT')
      : undefined;
  const id = wildcard ? undefined : intParam(p, 'iteration_id');
  const notCurrent = typeof not.iteration_id === 'string' && /^current$/i.test(not.iteration_id);
  const notId = notCurrent ? undefined : intParam(not, 'iteration_id');
  return {
    iterationIds: id === undefined ? undefined : [id],
    iterationWildcard: wildcard,
    iterationTitle: stringParam(p, 'iteration_title') || undefined,
    not: {
      iterationIds: notId === undefined ? undefined : [notId],
      iterationWildcard: notCurrent ? 'CURRENT' : undefined,
      iterationTitle: stringParam(not, 'iteration_title') || undefined,
    },
  };
}
