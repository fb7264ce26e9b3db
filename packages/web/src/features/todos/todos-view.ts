/**
 * The to-do list's view ⇄ its URL (GitLab's `/dashboard/todos` query): `state` (`done`; pending
 * otherwise), `group_id`, `project_id`, `author_id`, `action_id` (GitLab's action numbers), `type`
 * (`Issue`, `Epic`) and `page`. Unknown or malformed values are ignored, so any URL opens a list.
 */
import type { TodoActionEnum, TodoTargetEnum } from '../../gql/graphql.ts';

/** GitLab's action ids (Todo::ASSIGNED = 1 …) with the list's labels. */
export const TODO_ACTIONS: readonly { id: string; action: TodoActionEnum; label: string }[] = [
  { id: '1', action: 'assigned', label: 'Assigned' },
  { id: '2', action: 'mentioned', label: 'Mentioned' },
  { id: '4', action: 'marked', label: 'Added' },
  { id: '7', action: 'directly_addressed', label: 'Directly addressed' },
];

export const TODO_TYPES: readonly { id: string; type: TodoTargetEnum; label: string }[] = [
  { id: 'Issue', type: 'ISSUE', label: 'Issue' },
  { id: 'Epic', type: 'EPIC', label: 'Epic' },
];

/** To-dos per page (GitLab's list shows 20). */
export const TODOS_PAGE_SIZE = 20;

export type TodosView = {
  state: 'pending' | 'done';
  groupId: string | null;
  projectId: string | null;
  authorId: string | null;
  actionId: string | null;
  type: string | null;
  page: number;
};

const numeric = (value: string | null) => (value && /^\d{1,15}$/.test(value) ? value : null);

export function viewFromSearch(search: string): TodosView {
  const q = new URLSearchParams(search);
  const action = q.get('action_id');
  const type = q.get('type');
  const page = Number(q.get('page'));
  return {
    state: q.get('state') === 'done' ? 'done' : 'pending',
    groupId: numeric(q.get('group_id')),
    projectId: numeric(q.get('project_id')),
    authorId: numeric(q.get('author_id')),
    actionId: TODO_ACTIONS.some((a) => a.id === action) ? action : null,
    type: TODO_TYPES.some((t) => t.id === type) ? type : null,
    page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1,
  };
}

export function searchOf(view: TodosView): string {
  const q = new URLSearchParams();
  if (view.state === 'done') q.set('state', 'done');
  if (view.groupId) q.set('group_id', view.groupId);
  if (view.projectId) q.set('project_id', view.projectId);
  if (view.authorId) q.set('author_id', view.authorId);
  if (view.actionId) q.set('action_id', view.actionId);
  if (view.type) q.set('type', view.type);
  if (view.page > 1) q.set('page', String(view.page));
  const text = q.toString();
  return text ? `?${text}` : '';
}

export function isFiltered(view: TodosView): boolean {
  return Boolean(view.groupId || view.projectId || view.authorId || view.actionId || view.type);
}

/** The list query's variables for the view (the page's cursor is the offset before it). */
export function variablesOf(view: TodosView) {
  const offset = (view.page - 1) * TODOS_PAGE_SIZE;
  return {
    state: [view.state],
    groupId: view.groupId ? [view.groupId] : undefined,
    projectId: view.projectId ? [view.projectId] : undefined,
    authorId: view.authorId ? [view.authorId] : undefined,
    action: view.actionId ? TODO_ACTIONS.filter((a) => a.id === view.actionId).map((a) => a.action) : undefined,
    type: view.type ? TODO_TYPES.filter((t) => t.id === view.type).map((t) => t.type) : undefined,
    first: TODOS_PAGE_SIZE,
    // The server's offset cursors: the cursor of the row before the page.
    after: offset > 0 ? btoa(`OffsetConnection:${offset - 1}`) : undefined,
  };
}
