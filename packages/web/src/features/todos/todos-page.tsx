import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { ListPager } from '../../components/issuable-list/list-pager.tsx';
import { StateTabs } from '../../components/issuable-list/state-tabs.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { useToast } from '../../components/ui/use-toast.ts';
import { type TodoFieldsFragment, TodosQueryDocument } from '../../gql/graphql.ts';
import { routes } from '../../lib/routes.ts';
import { TodoEntityFilter } from './todo-entity-filter.tsx';
import { TodoItem } from './todo-item.tsx';
import styles from './todos.module.css';
import {
  isFiltered,
  searchOf,
  TODO_ACTIONS,
  TODO_TYPES,
  TODOS_PAGE_SIZE,
  type TodosView,
  variablesOf,
  viewFromSearch,
} from './todos-view.ts';
import { useTodoActions } from './use-todo-actions.ts';

const FETCH_ERROR = 'Something went wrong while fetching your to-do items.';
const ANY = 'any';

/** `gid://gitlab/Project/5` → `5`. */
const numeric = (gid: string | null | undefined) => (gid ? (/\/(\d+)$/.exec(gid)?.[1] ?? null) : null);

/** What the selected filter is called, read off the rows it filters (they all share it). */
function labelsOf(view: TodosView, rows: readonly TodoFieldsFragment[]) {
  const project = view.projectId ? rows.find((r) => numeric(r.project?.id) === view.projectId) : undefined;
  const group = view.groupId ? rows.find((r) => numeric(r.group?.id) === view.groupId) : undefined;
  const author = view.authorId ? rows.find((r) => numeric(r.author?.id) === view.authorId) : undefined;
  return {
    project: project?.project?.nameWithNamespace ?? null,
    group: group?.group?.fullName ?? null,
    author: author?.author?.name ?? null,
  };
}

/**
 * `/dashboard/todos`: the To-Do List (GitLab's). 'To Do' and 'Done' tabs with counts, filters by
 * group, project, author, action and type (all in the URL), 20 to a page; 'Mark as done' and
 * 'Undo' on each row, 'Mark all as done' with an Undo in its toast.
 */
export function TodosPage() {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const view = viewFromSearch(search);
  const { currentUser } = useCurrentUser();
  const { showToast } = useToast();
  const actions = useTodoActions();
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const { data, previousData, loading, error } = useQuery(TodosQueryDocument, { variables: variablesOf(view) });
  useErrorAlert(error, FETCH_ERROR);
  const shown = data ?? previousData;
  const todos = shown?.currentUser?.todos;
  const rows = (todos?.nodes ?? []).filter((n): n is TodoFieldsFragment => n !== null);
  const pendingCount = shown?.currentUser?.pending.count ?? null;
  const doneCount = shown?.currentUser?.done.count ?? null;
  const labels = labelsOf(view, rows);

  const go = (next: Partial<TodosView>) => navigate(`${pathname}${searchOf({ ...view, page: 1, ...next })}`);
  const pageHref = (page: number) => `${pathname}${searchOf({ ...view, page })}`;
  const totalPages = todos ? Math.max(1, Math.ceil(todos.count / TODOS_PAGE_SIZE)) : 1;

  async function run(id: string, action: () => Promise<string | null>) {
    setBusy(id);
    setActionError(null);
    try {
      const message = await action();
      if (message) setActionError(message);
      return message === null;
    } catch {
      setActionError('Something went wrong. Please try again.');
      return false;
    } finally {
      setBusy(null);
    }
  }

  const handleMarkDone = async (todo: TodoFieldsFragment) => {
    if (await run(todo.id, () => actions.markDone(todo.id))) {
      showToast('Marked as done.', {
        action: { label: 'Undo', onAction: () => void run(todo.id, () => actions.restore(todo.id)) },
      });
    }
  };
  const handleRestore = async (todo: TodoFieldsFragment) => {
    if (await run(todo.id, () => actions.restore(todo.id))) showToast('Restored to your To-Do List.');
  };
  const handleMarkAllDone = async () => {
    let ids: string[] = [];
    const ok = await run('all', async () => {
      const result = await actions.markAllDone();
      ids = result.ids;
      return result.error;
    });
    if (ok && ids.length > 0) {
      showToast(`${ids.length === 1 ? '1 to-do item' : `${ids.length} to-do items`} marked as done.`, {
        action: { label: 'Undo', onAction: () => void run('all', () => actions.restoreMany(ids)) },
      });
    }
  };

  const empty = (() => {
    if (isFiltered(view)) {
      return (
        <EmptyState
          icon="search"
          title="Sorry, your filter produced no results"
          description="To widen your search, change or remove filters above."
        />
      );
    }
    if (view.state === 'done') {
      return <EmptyState icon="todo" title="There are no done to-do items yet." />;
    }
    return (doneCount ?? 0) > 0 ? (
      <EmptyState icon="success" title="Good job! Looks like you don't have anything left on your To-Do List" />
    ) : (
      <EmptyState
        icon="todo"
        title="Your To-Do List shows what to work on next"
        description="When an issue or epic is assigned to you, or when you are mentioned in a comment, it appears here. You can also add one yourself with 'Add a to-do' in an issue's or epic's sidebar."
      />
    );
  })();

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'To-Do List', to: routes.dashboardTodos() }]}
        title="To-Do List"
        actions={
          view.state === 'pending' && (pendingCount ?? 0) > 0 ? (
            <Button onPress={handleMarkAllDone} isDisabled={busy !== null}>
              Mark all as done
            </Button>
          ) : undefined
        }
      />
      <StateTabs
        label="To-do state"
        tabs={[
          { state: 'pending', label: 'To Do', count: pendingCount },
          { state: 'done', label: 'Done', count: doneCount },
        ]}
        current={view.state}
        hrefFor={(state) => `${pathname}${searchOf({ ...view, state, page: 1 })}`}
      />
      <search className={styles.filters} aria-label="Filter to-do items">
        <TodoEntityFilter
          kind="group"
          label="Group"
          selectedId={view.groupId}
          selectedLabel={labels.group}
          onChange={(groupId) => go({ groupId })}
          className={styles.filter}
        />
        <TodoEntityFilter
          kind="project"
          label="Project"
          selectedId={view.projectId}
          selectedLabel={labels.project}
          onChange={(projectId) => go({ projectId })}
          className={styles.filter}
        />
        <TodoEntityFilter
          kind="author"
          label="Author"
          selectedId={view.authorId}
          selectedLabel={labels.author}
          onChange={(authorId) => go({ authorId })}
          className={styles.filter}
        />
        <SelectField
          label="Action"
          options={[{ id: ANY, label: 'Any action' }, ...TODO_ACTIONS.map((a) => ({ id: a.id, label: a.label }))]}
          value={view.actionId ?? ANY}
          onChange={(value) => go({ actionId: value === ANY ? null : value })}
          className={styles.filter}
        />
        <SelectField
          label="Type"
          options={[{ id: ANY, label: 'Any type' }, ...TODO_TYPES.map((t) => ({ id: t.id, label: t.label }))]}
          value={view.type ?? ANY}
          onChange={(value) => go({ type: value === ANY ? null : value })}
          className={styles.filter}
        />
        {isFiltered(view) && (
          <Link
            to={`${pathname}${searchOf({ ...view, groupId: null, projectId: null, authorId: null, actionId: null, type: null, page: 1 })}`}
            className={styles.clear}
          >
            Clear filters
          </Link>
        )}
      </search>
      {actionError && (
        <Alert variant="danger" onDismiss={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      {!shown && loading ? (
        <SkeletonList rows={5} label="Loading to-do items" />
      ) : error && !shown ? (
        <p className={styles.error}>{FETCH_ERROR}</p>
      ) : rows.length === 0 ? (
        empty
      ) : (
        <>
          <ul
            className={styles.list}
            aria-label={view.state === 'done' ? 'Done to-do items' : 'To-do items'}
            aria-busy={loading || undefined}
          >
            {rows.map((todo) => (
              <TodoItem
                key={todo.id}
                todo={todo}
                viewerId={currentUser?.id ?? null}
                busy={busy !== null}
                onMarkDone={handleMarkDone}
                onRestore={handleRestore}
              />
            ))}
          </ul>
          <ListPager
            previousHref={view.page > 1 ? pageHref(view.page - 1) : null}
            nextHref={todos?.pageInfo.hasNextPage ? pageHref(view.page + 1) : null}
            status={`Page ${view.page} of ${totalPages}`}
          />
        </>
      )}
    </>
  );
}
