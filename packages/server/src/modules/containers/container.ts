import type { GroupRow } from '../../db/schema.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

/** Where a label or milestone lives: a group, or a project with its group (the policy's subjects). */
export type Container = { type: 'Group'; group: GroupRow } | ({ type: 'Project' } & ProjectWithGroup);

/** Answers with `forGroup` for a group's container, with `forProject` for a project's. */
export function byContainer<R>(
  c: Container,
  forGroup: (group: GroupRow) => R,
  forProject: (found: ProjectWithGroup) => R,
): R {
  return c.type === 'Group' ? forGroup(c.group) : forProject(c);
}
