/** GitLab's Issue REST entity and the web UI's issue JSON, shaped from an issue and its details. */
import { humanDuration, taskCompletionStatus, textColorFor } from '@milepost/shared';
import type { EpicRow } from '../../db/schema.ts';
import { renderMarkdown } from '../../markdown/render.ts';
import { iterationEntity } from '../iterations/iterations.entity.ts';
import { userBasic } from '../users/users.entity.ts';
import type { IssueDetails } from './issue-details.ts';
import type { IssueNode } from './issues.types.ts';

/**
 * The web path of an issue: `/<project full path>/-/issues/<iid>`, and for an incident
 * `/<project full path>/-/issues/incident/<iid>` (GitLab's URL builder).
 */
export function issueWebPath(node: IssueNode): string {
  const incident = node.issue.issueType === 'incident' ? 'incident/' : '';
  return `/${node.project.fullPath}/-/issues/${incident}${node.issue.iid}`;
}

/** `#5` or, in full, `group/project#5`. */
export function issueReference(node: IssueNode, full: boolean): string {
  return full ? `${node.project.fullPath}#${node.issue.iid}` : `#${node.issue.iid}`;
}

export function epicWebPath(epic: { group: { fullPath: string }; epic: { iid: number } }): string {
  return `/groups/${epic.group.fullPath}/-/epics/${epic.epic.iid}`;
}

/** GitLab's `Issue` entity (`lib/api/entities/issue.rb` + EE). */
export function issueEntity(node: IssueNode, d: IssueDetails, baseUrl: string, opts: { labelDetails?: boolean } = {}) {
  const { issue, project } = node;
  const api = `${baseUrl}/api/v4/projects/${project.id}/issues/${issue.iid}`;
  const tasks = taskCompletionStatus(issue.description);
  return {
    id: issue.id,
    iid: issue.iid,
    project_id: project.id,
    title: issue.title,
    description: issue.description === '' ? null : issue.description,
    state: issue.state,
    created_at: issue.createdAt.toISOString(),
    updated_at: issue.updatedAt.toISOString(),
    closed_at: issue.closedAt?.toISOString() ?? null,
    closed_by: d.closedBy ? userBasic(d.closedBy, baseUrl) : null,
    labels: opts.labelDetails
      ? d.labels.map((l) => ({
          id: l.id,
          name: l.title,
          color: l.color,
          description: l.description === '' ? null : l.description,
          description_html: l.description === '' ? '' : renderMarkdown(l.description),
          text_color: textColorFor(l.color),
        }))
      : d.labels.map((l) => l.title),
    milestone: d.milestone
      ? {
          id: d.milestone.id,
          iid: d.milestone.iid,
          ...(d.milestone.groupId !== null ? { group_id: d.milestone.groupId } : { project_id: d.milestone.projectId }),
          title: d.milestone.title,
          description: d.milestone.description === '' ? null : d.milestone.description,
          state: d.milestone.state,
          created_at: d.milestone.createdAt.toISOString(),
          updated_at: d.milestone.updatedAt.toISOString(),
          due_date: d.milestone.dueDate,
          start_date: d.milestone.startDate,
          web_url: `${baseUrl}${d.milestonePath ?? ''}`,
        }
      : null,
    assignees: d.assignees.map((u) => userBasic(u, baseUrl)),
    assignee: d.assignees[0] ? userBasic(d.assignees[0], baseUrl) : null,
    author: d.author ? userBasic(d.author, baseUrl) : null,
    type: issue.issueType.toUpperCase(),
    user_notes_count: d.userNotesCount,
    merge_requests_count: 0,
    upvotes: d.upvotes,
    downvotes: d.downvotes,
    due_date: issue.dueDate,
    confidential: issue.confidential,
    discussion_locked: issue.discussionLocked,
    issue_type: issue.issueType,
    web_url: `${baseUrl}${issueWebPath(node)}`,
    time_stats: timeStatsEntity(issue.timeEstimate, d.totalTimeSpent),
    task_completion_status: { count: tasks.count, completed_count: tasks.completedCount },
    has_tasks: tasks.count > 0,
    task_status: `${tasks.completedCount} of ${tasks.count} checklist items completed`,
    _links: {
      self: api,
      notes: `${api}/notes`,
      award_emoji: `${api}/award_emoji`,
      project: `${baseUrl}/api/v4/projects/${project.id}`,
      closed_as_duplicate_of: null,
    },
    references: {
      short: issueReference(node, false),
      relative: issueReference(node, false),
      full: issueReference(node, true),
    },
    severity: 'UNKNOWN',
    subscribed: d.subscribed,
    moved_to_id: issue.movedToId,
    imported: issue.importedFrom !== 'none',
    imported_from: issue.importedFrom,
    service_desk_reply_to: null,
    weight: issue.weight,
    epic_iid: d.epic?.epic.iid ?? null,
    epic: d.epic
      ? {
          id: d.epic.epic.id,
          iid: d.epic.epic.iid,
          title: d.epic.epic.title,
          url: epicWebPath(d.epic),
          group_id: d.epic.epic.groupId,
          human_readable_end_date: null,
          human_readable_timestamp: null,
        }
      : null,
    iteration: d.iteration ? iterationEntity(d.iteration, d.iterationGroupPath ?? '', baseUrl) : null,
    health_status: d.healthStatus,
  };
}

/**
 * The issue page's JSON (Rails `IssueEntity`): the API shape plus what the page polls and edits.
 * `html`: the title and description rendered for the reader (references resolved by the markdown service).
 */
export function issueUiEntity(
  node: IssueNode,
  d: IssueDetails,
  baseUrl: string,
  html: { title: string; description: string },
) {
  const { issue } = node;
  return {
    ...issueEntity(node, d, baseUrl),
    title_html: html.title,
    description: issue.description,
    description_html: html.description,
    lock_version: issue.lockVersion,
    reopened: issue.state === 'opened' && issue.reopenedAt !== null,
    web_url: issueWebPath(node),
    issue_type: issue.issueType,
    updated_by_name: null,
    updated_by_path: null,
  };
}

/** A short epic shape for relation responses (id, iid, group, title, state, paths). */
export function epicSummaryEntity(node: { epic: EpicRow; group: { id: number; fullPath: string } }, baseUrl: string) {
  const { epic, group } = node;
  return {
    id: epic.id,
    iid: epic.iid,
    group_id: group.id,
    parent_id: epic.parentId,
    title: epic.title,
    description: epic.description === '' ? null : epic.description,
    state: epic.state,
    confidential: epic.confidential,
    web_url: `${baseUrl}${epicWebPath(node)}`,
    references: { short: `&${epic.iid}`, relative: `&${epic.iid}`, full: `${group.fullPath}&${epic.iid}` },
    start_date: epic.startDate,
    due_date: epic.dueDate,
    created_at: epic.createdAt.toISOString(),
    updated_at: epic.updatedAt.toISOString(),
  };
}

/** GitLab's IssuableTimeStats entity (`time_stats`, and the time tracking endpoints' answer). */
export function timeStatsEntity(timeEstimate: number, totalTimeSpent: number) {
  return {
    time_estimate: timeEstimate,
    total_time_spent: totalTimeSpent,
    human_time_estimate: humanDuration(timeEstimate),
    human_total_time_spent: humanDuration(totalTimeSpent),
  };
}
