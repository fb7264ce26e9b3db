/** The labels page's REST calls (GitLab's label entity and routes). */
import { restJson } from '../../lib/rest.ts';
import { type PlanningScope, scopeApiUrl } from './planning-scope.ts';

/** GitLab's `GroupLabel` / `ProjectLabel` REST entity, with `with_counts`. */
export type RestLabel = {
  id: number;
  name: string;
  description: string | null;
  color: string;
  text_color: string;
  subscribed: boolean;
  priority: number | null;
  is_project_label: boolean;
  open_issues_count?: number;
  closed_issues_count?: number;
};

export type LabelFields = { name: string; color: string; description: string };

/** Labels per page of the list (GitLab's largest page). */
export const LABELS_PER_PAGE = 100;

/**
 * The list's URL: a project's own and its groups' labels; a group's own labels, or with `ancestors`
 * also those of its parent groups (which its epics and issues can use too).
 */
export function labelsListUrl(scope: PlanningScope, search: string, page = 1, ancestors = false): string {
  const params = new URLSearchParams({ with_counts: 'true', per_page: String(LABELS_PER_PAGE) });
  params.set('include_ancestor_groups', scope.kind === 'project' || ancestors ? 'true' : 'false');
  if (page > 1) params.set('page', String(page));
  if (search) params.set('search', search);
  return `${scopeApiUrl(scope)}/labels?${params}`;
}

export const createLabel = (scope: PlanningScope, fields: LabelFields) =>
  restJson<RestLabel>(`${scopeApiUrl(scope)}/labels`, { method: 'POST', body: fields });

export const updateLabel = (scope: PlanningScope, id: number, fields: LabelFields) =>
  restJson<RestLabel>(`${scopeApiUrl(scope)}/labels/${id}`, {
    method: 'PUT',
    body: { new_name: fields.name, color: fields.color, description: fields.description },
  });

export const deleteLabel = (scope: PlanningScope, id: number) =>
  restJson<void>(`${scopeApiUrl(scope)}/labels/${id}`, { method: 'DELETE' });

export const setLabelSubscription = (scope: PlanningScope, id: number, subscribed: boolean) =>
  restJson<RestLabel>(`${scopeApiUrl(scope)}/labels/${id}/${subscribed ? 'subscribe' : 'unsubscribe'}`, {
    method: 'POST',
  });

/** A project's priority for a label (null: not prioritized). */
export const setLabelPriority = (scope: PlanningScope, id: number, priority: number | null) =>
  restJson<RestLabel>(`${scopeApiUrl(scope)}/labels/${id}`, { method: 'PUT', body: { priority } });

export const promoteLabel = (scope: PlanningScope, id: number) =>
  restJson<RestLabel>(`${scopeApiUrl(scope)}/labels/${id}/promote`, { method: 'PUT' });

/** GitLab's `POST /<project>/-/labels/set_priorities`: the prioritized labels in their new order. */
export const setLabelPriorities = (scope: PlanningScope, labelIds: number[]) =>
  restJson<{ message: string }>(
    `/${scope.fullPath.split('/').map(encodeURIComponent).join('/')}/-/labels/set_priorities.json`,
    { method: 'POST', body: { label_ids: labelIds } },
  );
