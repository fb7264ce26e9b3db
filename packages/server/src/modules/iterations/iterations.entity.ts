import { ITERATION_STATE_IDS } from '@milepost/shared';
import type { IterationRow } from './iterations.types.ts';

/** GitLab's REST iteration entity (`API::Entities::Iteration`): state as GitLab's number (1 upcoming, 2 current, 3 closed). */
export function iterationEntity(it: IterationRow, groupPath: string, base: string) {
  return {
    id: it.id,
    iid: it.iid,
    sequence: it.sequence,
    group_id: it.groupId,
    title: it.title,
    description: it.description === '' ? null : it.description,
    state: ITERATION_STATE_IDS[it.state],
    created_at: it.createdAt.toISOString(),
    updated_at: it.updatedAt.toISOString(),
    start_date: it.startDate,
    due_date: it.dueDate,
    web_url: `${base}/groups/${groupPath}/-/iterations/${it.id}`,
  };
}
