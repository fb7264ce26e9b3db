import { milestoneExpired, milestoneUpcoming } from '@milepost/shared';
import type { MilestoneRow } from '../../db/schema.ts';
import type { MilestoneContainerInfo } from './milestones.repository.ts';

/** Today's calendar date (UTC), against which expired / upcoming are computed. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** `/groups/<group>/-/milestones/<iid>` or `/<project>/-/milestones/<iid>`. */
export function milestoneWebPath(m: MilestoneRow, info: Pick<MilestoneContainerInfo, 'path'> | undefined): string {
  const path = info?.path ?? '';
  return m.groupId !== null ? `/groups/${path}/-/milestones/${m.iid}` : `/${path}/-/milestones/${m.iid}`;
}

export function isExpired(m: MilestoneRow): boolean {
  return milestoneExpired(m.dueDate, today());
}

export function isUpcoming(m: MilestoneRow): boolean {
  return milestoneUpcoming(m.startDate, today());
}

/** GitLab's `Milestone` REST entity. */
export function milestoneEntity(m: MilestoneRow, info: MilestoneContainerInfo | undefined, baseUrl: string) {
  return {
    id: m.id,
    iid: m.iid,
    ...(m.groupId !== null ? { group_id: m.groupId } : { project_id: m.projectId }),
    title: m.title,
    description: m.description === '' ? null : m.description,
    state: m.state,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
    due_date: m.dueDate,
    start_date: m.startDate,
    expired: isExpired(m),
    web_url: `${baseUrl}${milestoneWebPath(m, info)}`,
  };
}

/** The web UI's milestone JSON. */
export function milestoneUiEntity(m: MilestoneRow, info: MilestoneContainerInfo | undefined, baseUrl: string) {
  return {
    id: m.id,
    iid: m.iid,
    title: m.title,
    state: m.state,
    start_date: m.startDate,
    due_date: m.dueDate,
    web_url: `${baseUrl}${milestoneWebPath(m, info)}`,
  };
}
