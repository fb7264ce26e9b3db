/** The milestone pages' REST calls (GitLab's milestone entity and routes). */
import type { BurndownEvent } from '@milepost/shared';
import { restJson } from '../../lib/rest.ts';
import { type PlanningScope, scopeApiUrl } from '../labels/planning-scope.ts';

/** GitLab's `Milestone` REST entity. */
export type RestMilestone = {
  id: number;
  iid: number;
  group_id?: number;
  project_id?: number;
  title: string;
  description: string | null;
  state: 'active' | 'closed';
  start_date: string | null;
  due_date: string | null;
  expired: boolean;
  web_url: string;
};

/** The few fields of GitLab's issue entity the milestone page shows. */
export type RestIssue = {
  id: number;
  iid: number;
  title: string;
  state: 'opened' | 'closed';
  web_url: string;
  weight: number | null;
  assignees: { id: number; username: string; name: string }[];
  references?: { full: string };
};

export type MilestoneFields = { title: string; description: string; start_date: string; due_date: string };
export type MilestoneListState = 'active' | 'closed' | 'all';

/** Milestones per page of the list (GitLab's largest page). */
export const MILESTONES_PER_PAGE = 100;

export function milestonesListUrl(
  scope: PlanningScope,
  state: MilestoneListState,
  search: string,
  page = 1,
  perPage = MILESTONES_PER_PAGE,
): string {
  const params = new URLSearchParams({ state, per_page: String(perPage) });
  if (page > 1) params.set('page', String(page));
  if (search) params.set('search', search);
  return `${scopeApiUrl(scope)}/milestones?${params}`;
}

export const milestoneByIidUrl = (scope: PlanningScope, iid: string) =>
  `${scopeApiUrl(scope)}/milestones?${new URLSearchParams([['iids[]', iid]])}`;

export const milestoneIssuesUrl = (scope: PlanningScope, id: number) =>
  `${scopeApiUrl(scope)}/milestones/${id}/issues?per_page=100`;

export const burndownEventsUrl = (scope: PlanningScope, id: number) =>
  `${scopeApiUrl(scope)}/milestones/${id}/burndown_events`;

export type { BurndownEvent };

/** Empty dates are sent as null: no date. */
const body = (f: MilestoneFields) => ({
  title: f.title,
  description: f.description,
  start_date: f.start_date || null,
  due_date: f.due_date || null,
});

export const createMilestone = (scope: PlanningScope, fields: MilestoneFields) =>
  restJson<RestMilestone>(`${scopeApiUrl(scope)}/milestones`, { method: 'POST', body: body(fields) });

export const updateMilestone = (scope: PlanningScope, id: number, fields: MilestoneFields) =>
  restJson<RestMilestone>(`${scopeApiUrl(scope)}/milestones/${id}`, { method: 'PUT', body: body(fields) });

export const setMilestoneState = (scope: PlanningScope, id: number, event: 'close' | 'activate') =>
  restJson<RestMilestone>(`${scopeApiUrl(scope)}/milestones/${id}`, { method: 'PUT', body: { state_event: event } });

export const deleteMilestone = (scope: PlanningScope, id: number) =>
  restJson<void>(`${scopeApiUrl(scope)}/milestones/${id}`, { method: 'DELETE' });

export const promoteMilestone = (scope: PlanningScope, id: number) =>
  restJson<RestMilestone>(`${scopeApiUrl(scope)}/milestones/${id}/promote`, { method: 'POST' });

/** The app path of a milestone from its `web_url`. */
export const milestonePath = (m: RestMilestone) => new URL(m.web_url).pathname;
