/** GitLab's JSON shapes of epics: the REST v4 `Epic` and `LinkedEpic` entities and the UI's EpicEntity. */
import { textColorFor } from '@milepost/shared';
import type { LabelRow, UserRow } from '../../db/schema.ts';
import { userBasic } from '../users/users.entity.ts';
import type { EpicWithGroup } from './epics.repository.ts';

export type EpicExtras = {
  labels: LabelRow[];
  author: UserRow | undefined;
  /** the parent if the viewer can see it */
  parent: EpicWithGroup | null;
  votes: { up: number; down: number };
  subscribed?: boolean;
  withLabelsDetails?: boolean;
};

const day = (d: string | null) => d;

export function epicPath(e: EpicWithGroup): string {
  return `/groups/${e.group.fullPath}/-/epics/${e.epic.iid}`;
}

/** REST v4 `Epic` (ee/lib/ee/api/entities/epic.rb). */
export function epicEntity(e: EpicWithGroup, x: EpicExtras, base: string) {
  const { epic, group } = e;
  const api = `${base}/api/v4`;
  const labels = [...x.labels].sort((a, b) => a.title.localeCompare(b.title));
  return {
    id: epic.id,
    iid: epic.iid,
    color: epic.color,
    text_color: textColorFor(epic.color),
    group_id: group.id,
    parent_id: x.parent?.epic.id ?? null,
    parent_iid: x.parent?.epic.iid ?? null,
    imported: epic.importedFrom !== 'none',
    imported_from: epic.importedFrom,
    title: epic.title,
    description: epic.description,
    confidential: epic.confidential,
    author: x.author ? userBasic(x.author, base) : null,
    start_date: day(epic.startDate),
    start_date_is_fixed: epic.startDateIsFixed,
    start_date_fixed: day(epic.startDateFixed),
    start_date_from_inherited_source: day(epic.startDateFromInheritedSource),
    start_date_from_milestones: day(epic.startDateFromMilestones),
    end_date: day(epic.dueDate),
    due_date: day(epic.dueDate),
    due_date_is_fixed: epic.dueDateIsFixed,
    due_date_fixed: day(epic.dueDateFixed),
    due_date_from_inherited_source: day(epic.dueDateFromInheritedSource),
    due_date_from_milestones: day(epic.dueDateFromMilestones),
    state: epic.state,
    web_edit_url: `${base}${epicPath(e)}`,
    web_url: `${base}${epicPath(e)}`,
    references: { short: `&${epic.iid}`, relative: `&${epic.iid}`, full: `${group.fullPath}&${epic.iid}` },
    created_at: epic.createdAt.toISOString(),
    updated_at: epic.updatedAt.toISOString(),
    closed_at: epic.closedAt?.toISOString() ?? null,
    labels: x.withLabelsDetails
      ? labels.map((l) => ({
          id: l.id,
          name: l.title,
          color: l.color,
          description: l.description,
          description_html: l.description,
          text_color: textColorFor(l.color),
        }))
      : labels.map((l) => l.title),
    upvotes: x.votes.up,
    downvotes: x.votes.down,
    ...(x.subscribed === undefined ? {} : { subscribed: x.subscribed }),
    _links: {
      self: `${api}/groups/${group.id}/epics/${epic.iid}`,
      epic_issues: `${api}/groups/${group.id}/epics/${epic.iid}/issues`,
      group: `${api}/groups/${group.id}`,
      parent: x.parent ? `${api}/groups/${x.parent.group.id}/epics/${x.parent.epic.iid}` : null,
    },
  };
}

/** REST v4 `LinkedEpic` (a newly created child epic). */
export function linkedEpicEntity(
  e: EpicWithGroup,
  parent: EpicWithGroup,
  flags: { hasChildren: boolean; hasIssues: boolean },
  base: string,
) {
  return {
    id: e.epic.id,
    iid: e.epic.iid,
    title: e.epic.title,
    group_id: e.group.id,
    parent_id: parent.epic.id,
    has_children: flags.hasChildren,
    has_issues: flags.hasIssues,
    reference: `${e.group.fullPath}&${e.epic.iid}`,
    url: `${base}${epicPath(e)}`,
    relation_url: `${base}${epicPath(parent)}/links/${e.epic.id}`,
  };
}

/** A child epic as the UI's related-items list shows it (`/groups/:g/-/epics/:iid/links`). */
export function linkedItemEntity(
  e: EpicWithGroup,
  parent: EpicWithGroup,
  flags: { hasChildren: boolean; hasIssues: boolean; canAdmin: boolean },
) {
  return {
    id: e.epic.id,
    iid: e.epic.iid,
    title: e.epic.title,
    state: e.epic.state,
    confidential: e.epic.confidential,
    created_at: e.epic.createdAt.toISOString(),
    closed_at: e.epic.closedAt?.toISOString() ?? null,
    reference: `${e.group.fullPath}&${e.epic.iid}`,
    path: epicPath(e),
    relation_path: `${epicPath(parent)}/links/${e.epic.id}`,
    has_children: flags.hasChildren,
    has_issues: flags.hasIssues,
    full_path: e.group.fullPath,
    can_admin: flags.canAdmin,
  };
}

/** The UI's EpicEntity (`GET/PUT /groups/:g/-/epics/:iid.json`). */
export function uiEpicEntity(
  e: EpicWithGroup,
  x: { labels: LabelRow[]; groupFullName: string; canUpdate: boolean; canCreateNote: boolean },
) {
  const { epic, group } = e;
  return {
    id: epic.id,
    iid: epic.iid,
    title: epic.title,
    description: epic.description,
    state: epic.state,
    lock_version: epic.lockVersion,
    author_id: epic.authorId,
    created_at: epic.createdAt.toISOString(),
    updated_at: epic.updatedAt.toISOString(),
    group_id: group.id,
    group_name: group.name,
    group_full_name: x.groupFullName,
    group_full_path: group.fullPath,
    start_date: epic.startDate,
    start_date_is_fixed: epic.startDateIsFixed,
    start_date_fixed: epic.startDateFixed,
    start_date_from_milestones: epic.startDateFromMilestones,
    end_date: epic.dueDate,
    due_date: epic.dueDate,
    due_date_is_fixed: epic.dueDateIsFixed,
    due_date_fixed: epic.dueDateFixed,
    due_date_from_milestones: epic.dueDateFromMilestones,
    confidential: epic.confidential,
    color: epic.color,
    text_color: textColorFor(epic.color),
    web_url: epicPath(e),
    labels: x.labels.map((l) => ({
      id: l.id,
      title: l.title,
      color: l.color,
      description: l.description,
      text_color: textColorFor(l.color),
    })),
    current_user: {
      can_create_note: x.canCreateNote,
      can_create_confidential_note: x.canUpdate,
      can_update: x.canUpdate,
    },
    create_note_path: `${epicPath(e)}/notes`,
    preview_note_path: `/groups/${group.fullPath}/-/preview_markdown?target_type=Epic&target_id=${epic.iid}`,
  };
}
