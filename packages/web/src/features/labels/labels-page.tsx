import { useState } from 'react';
import { Button as AriaButton, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { ListPager } from '../../components/issuable-list/list-pager.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, ConfirmText } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { RestError, useRestResource } from '../../lib/rest.ts';
import { routes } from '../../lib/routes.ts';
import { LabelFormDialog } from './label-form-dialog.tsx';
import { type LabelRowActions, LabelRowContent } from './label-row.tsx';
import styles from './labels.module.css';
import {
  deleteLabel,
  LABELS_PER_PAGE,
  labelsListUrl,
  promoteLabel,
  type RestLabel,
  setLabelPriorities,
  setLabelPriority,
  setLabelSubscription,
} from './labels-requests.ts';
import { type PlanningScope, scopeBreadcrumbs, usePlanningPermissions } from './planning-scope.ts';

export const LABELS_LOAD_ERROR = 'Something went wrong while loading labels.';

type Pending = { kind: 'new' } | { kind: 'edit' | 'delete' | 'promote'; label: RestLabel } | null;

/** The prioritized labels, best first. */
const prioritized = (labels: readonly RestLabel[]) =>
  labels.filter((l) => l.priority !== null).sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0) || a.id - b.id);

/**
 * `/groups/<g>/-/labels` and `/<project>/-/labels`: the labels with search, subscribe, create, edit,
 * delete and promote; a project's page also ranks labels ('Prioritized labels', drag to reorder),
 * the order the issue lists' 'Priority' and 'Label priority' sorts use.
 */
export function LabelsPage({ scope }: { scope: PlanningScope }) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useRestResource<RestLabel[]>(labelsListUrl(scope, search, page));
  // A subgroup's epics and issues use its parent groups' labels too: listed after its own, read-only.
  const isSubgroup = scope.kind === 'group' && scope.fullPath.includes('/');
  const withAncestors = useRestResource<RestLabel[]>(
    isSubgroup && page === 1 ? labelsListUrl(scope, search, 1, true) : null,
  );
  useErrorAlert(list.error ?? withAncestors.error, LABELS_LOAD_ERROR);
  const { currentUser } = useCurrentUser();
  const can = usePlanningPermissions(scope);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [order, setOrder] = useState<number[] | null>(null);

  const labels = list.data ?? [];
  const isProject = scope.kind === 'project';
  const ranked = isProject ? prioritized(labels) : [];
  const rankedIds = order ?? ranked.map((l) => l.id);
  const rankedRows = rankedIds.flatMap((id) => ranked.filter((l) => l.id === id));
  const others = labels.filter((l) => !isProject || l.priority === null);
  const ownIds = new Set(labels.map((l) => l.id));
  const inherited = (withAncestors.data ?? []).filter((l) => !ownIds.has(l.id));
  const inheritedActions: LabelRowActions = {
    canSubscribe: false,
    canAdmin: false,
    canPrioritize: false,
    canPromote: false,
    onEdit: () => undefined,
    onDelete: () => undefined,
    onPromote: () => undefined,
    onToggleSubscription: () => undefined,
    onTogglePriority: () => undefined,
  };
  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    return `?${next}`;
  };

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setActionError(null);
    try {
      await action();
      list.reload();
    } catch (e) {
      setActionError(e instanceof RestError ? e.message : 'Something went wrong. Try again.');
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const actions: LabelRowActions = {
    canSubscribe: currentUser !== null,
    canAdmin: can.adminLabel,
    canPrioritize: isProject && can.adminLabel,
    canPromote: isProject && can.parent?.adminLabel === true,
    onEdit: (label) => setPending({ kind: 'edit', label }),
    onDelete: (label) => setPending({ kind: 'delete', label }),
    onPromote: (label) => setPending({ kind: 'promote', label }),
    onToggleSubscription: (label) => run(() => setLabelSubscription(scope, label.id, !label.subscribed)),
    onTogglePriority: (label) =>
      run(async () => {
        setOrder(null);
        const next = ranked.length === 0 ? 0 : Math.max(...ranked.map((l) => l.priority ?? 0)) + 1;
        await setLabelPriority(scope, label.id, label.priority === null ? next : null);
      }),
  };

  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) => {
      const moving = [...e.keys].map(Number);
      const rest = rankedIds.filter((id) => !moving.includes(id));
      const at = rest.indexOf(Number(e.target.key));
      const index = e.target.dropPosition === 'before' ? at : at + 1;
      const next = [...rest.slice(0, index), ...moving, ...rest.slice(index)];
      setOrder(next);
      void run(() => setLabelPriorities(scope, next));
    },
  });

  const newLabel = can.adminLabel && (
    <Button variant="primary" onPress={() => setPending({ kind: 'new' })}>
      New label
    </Button>
  );
  const pageUrl = isProject ? routes.projectLabels(scope.fullPath) : routes.groupLabels(scope.fullPath);

  return (
    <>
      <PageHeader
        breadcrumbs={scopeBreadcrumbs(scope, { label: 'Labels', to: pageUrl })}
        title="Labels"
        actions={newLabel}
      />
      <div className={styles.toolbar}>
        <SearchInput
          label="Filter labels"
          placeholder="Filter labels"
          value={search}
          onSearch={(value) => setParams(value ? { search: value } : {}, { replace: true })}
        />
      </div>
      {actionError && (
        <Alert variant="danger" onDismiss={() => setActionError(null)} className={styles.alert}>
          {actionError}
        </Alert>
      )}
      {!list.data && !list.error && <SkeletonList rows={5} label="Loading labels" />}
      {list.data && labels.length === 0 && (
        <EmptyState
          icon="label"
          title={search ? 'No labels with such name or description' : 'Use labels to divide up your issues'}
          description={
            search
              ? 'Try a different search.'
              : 'Labels can be applied to issues and epics to categorize them and filter the lists.'
          }
          actions={!search && newLabel}
        />
      )}
      {isProject && list.data && labels.length > 0 && (
        <section className={styles.section} aria-labelledby="prioritized-labels">
          <h2 id="prioritized-labels" className={styles.sectionTitle}>
            Prioritized labels
          </h2>
          {rankedRows.length === 0 ? (
            <p className={styles.hint}>
              No prioritized labels with such name or description. Prioritize a label to rank it; drag the prioritized
              labels to change their order, which the issue lists' 'Priority' and 'Label priority' sorts use.
            </p>
          ) : (
            <GridList
              aria-label="Prioritized labels"
              className={styles.list}
              items={rankedRows}
              dragAndDropHooks={can.adminLabel ? dragAndDropHooks : undefined}
              disabledBehavior="selection"
            >
              {(label) => (
                <GridListItem id={label.id} textValue={label.name} className={styles.row}>
                  {can.adminLabel && (
                    <AriaButton slot="drag" className={styles.dragHandle} aria-label={`Reorder ${label.name}`}>
                      <Icon name="menu" />
                    </AriaButton>
                  )}
                  <LabelRowContent scope={scope} label={label} actions={actions} />
                </GridListItem>
              )}
            </GridList>
          )}
        </section>
      )}
      {list.data && others.length > 0 && (
        <section className={styles.section} aria-labelledby="other-labels">
          <h2 id="other-labels" className={styles.sectionTitle}>
            {isProject ? 'Other labels' : 'Labels'}
          </h2>
          <ul className={styles.list}>
            {others.map((label) => (
              <li key={label.id} className={styles.row}>
                <LabelRowContent scope={scope} label={label} actions={actions} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {list.data && (
        <ListPager
          previousHref={page > 1 ? pageHref(page - 1) : null}
          nextHref={labels.length === LABELS_PER_PAGE ? pageHref(page + 1) : null}
          status={`Page ${page}`}
        />
      )}
      {inherited.length > 0 && (
        <section className={styles.section} aria-labelledby="inherited-labels">
          <h2 id="inherited-labels" className={styles.sectionTitle}>
            Labels from parent groups
          </h2>
          <p className={styles.hint}>Edit them on their group's labels page.</p>
          <ul className={styles.list}>
            {inherited.map((label) => (
              <li key={label.id} className={styles.row}>
                <LabelRowContent scope={scope} label={label} actions={inheritedActions} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {pending && (pending.kind === 'new' || pending.kind === 'edit') && (
        <LabelFormDialog
          scope={scope}
          label={pending.kind === 'edit' ? pending.label : undefined}
          onClose={() => setPending(null)}
          onSaved={() => {
            setPending(null);
            list.reload();
          }}
        />
      )}
      {pending?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete label: ${pending.label.name}?`}
          isOpen
          confirmLabel="Delete label"
          pendingLabel="Deleting…"
          isPending={busy}
          onCancel={() => setPending(null)}
          onConfirm={() => run(() => deleteLabel(scope, pending.label.id))}
        >
          <ConfirmText>
            {pending.label.name} will be permanently deleted from {scope.fullName}. This cannot be undone.
          </ConfirmText>
        </ConfirmDialog>
      )}
      {pending?.kind === 'promote' && (
        <ConfirmDialog
          title={`Promote label ${pending.label.name} to Group Label?`}
          isOpen
          confirmLabel="Promote to group label"
          pendingLabel="Promoting…"
          isPending={busy}
          onCancel={() => setPending(null)}
          onConfirm={() => run(() => promoteLabel(scope, pending.label.id))}
        >
          <ConfirmText>
            Promoting {pending.label.name} will make it available for all projects inside {can.parent?.fullName}.
            Existing project labels with the same title will be merged. This action cannot be reversed.
          </ConfirmText>
        </ConfirmDialog>
      )}
    </>
  );
}
