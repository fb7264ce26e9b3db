import { useApolloClient, useMutation } from '@apollo/client/react';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Switch } from 'react-aria-components';
import { useLocation } from 'react-router';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { CreateChildEpicMutationDocument, CreateChildIssueMutationDocument } from '../../../gql/graphql.ts';
import { whenIdle } from '../../../lib/after-paint.ts';
import { featureSwitches } from '../../../lib/instance-settings.ts';
import { AddExistingForm } from './add-existing-form.tsx';
import { AddItemMenu, type ChildItemsForm } from './add-item-menu.tsx';
import { addReferencesToEpic, ChildItemsError, removeRelation } from './child-items-api.ts';
import styles from './child-items-panel.module.css';
import { ChildItemsEmptyState, ChildItemsHeaderCounts } from './child-items-parts.tsx';
import { ChildItemsTabs } from './child-items-tabs.tsx';
import { CREATE_EPIC_FAILED, CreateEpicForm } from './create-epic-form.tsx';
import { CREATE_ISSUE_FAILED, CreateIssueForm } from './create-issue-form.tsx';
import { EpicTree } from './epic-tree.tsx';
import { preloadEpicRoadmap } from './lazy-roadmap.tsx';
import { rememberRecentProject } from './recent-projects.ts';
import { RemoveItemModal } from './remove-item-modal.tsx';
import type { TreeChild } from './tree-model.ts';
import { ROOT, useEpicTree } from './use-epic-tree.ts';
import { useShowLabels } from './use-show-labels.ts';

type ChildItemsPanelProps = {
  groupFullPath: string;
  iid: string;
  /** Called once the tree's first page is drawn (its rows, the empty state or its failure). */
  onFirstPage?: () => void;
};

/**
 * The epic's child items (spec 001 §2.2): a tree of child epics and issues with add, create,
 * remove and reorder, and a roadmap of the child epics on a second tab. Memoised: the epic page's
 * own answer (header, sidebar) does not draw the tree again.
 */
export const ChildItemsPanel = memo(function ChildItemsPanel({
  groupFullPath,
  iid,
  onFirstPage,
}: ChildItemsPanelProps) {
  const tree = useEpicTree(groupFullPath, iid);
  const { parent, branches, reload } = tree;
  const { pushAlert } = useAlerts();
  const [showLabels, setShowLabels] = useShowLabels();
  const [form, setForm] = useState<ChildItemsForm | null>(null);
  const [removing, setRemoving] = useState<{ child: TreeChild; parentKey: string } | null>(null);
  const [removeInProgress, setRemoveInProgress] = useState(false);
  const [createEpic] = useMutation(CreateChildEpicMutationDocument);
  const [createIssue] = useMutation(CreateChildIssueMutationDocument);

  const rootAdmin = parent?.userPermissions.adminEpicRelation ?? false;
  const canAdminRelation = useCallback(
    (key: string) => {
      if (key === ROOT) return rootAdmin;
      const epic = Object.values(branches)
        .flatMap((b) => b.branch?.epics ?? [])
        .find((e) => e.id === key);
      return epic?.userPermissions.adminEpicRelation ?? false;
    },
    [branches, rootAdmin],
  );

  const confidential = parent?.confidential === true;
  const parentTitleOf = (key: string) =>
    key === ROOT
      ? (parent?.title ?? parent?.reference ?? `&${iid}`)
      : (Object.values(branches)
          .flatMap((b) => b.branch?.epics ?? [])
          .find((e) => e.id === key)?.title ?? '');

  const handleAddExisting = async (kind: 'epic' | 'issue', references: string[]) => {
    await addReferencesToEpic(groupFullPath, iid, kind, references);
    setForm(null);
    await reload();
  };

  const handleCreateEpic = async (values: { title: string; groupFullPath: string }) => {
    if (!parent) return;
    const { data } = await createEpic({
      variables: {
        input: { groupPath: values.groupFullPath, title: values.title, parentId: parent.id, confidential },
      },
    });
    const errors = data?.createEpic?.errors ?? [];
    if (!data?.createEpic?.epic) throw new ChildItemsError(errors[0] ?? CREATE_EPIC_FAILED);
    setForm(null);
    await reload();
  };

  const handleCreateIssue = async (values: {
    title: string;
    project: { id: string; fullPath: string; nameWithNamespace: string };
  }) => {
    if (!parent) return;
    const { data } = await createIssue({
      variables: {
        input: { projectPath: values.project.fullPath, title: values.title, epicId: parent.id, confidential },
      },
    });
    if (!data?.createIssue?.issue) throw new ChildItemsError(CREATE_ISSUE_FAILED);
    rememberRecentProject(values.project);
    setForm(null);
    await reload();
  };

  const handleConfirmRemove = async () => {
    if (!removing) return;
    const { child } = removing;
    setRemoveInProgress(true);
    try {
      await removeRelation(child.item.relationPath ?? '', child.kind);
      setRemoving(null);
      await reload();
    } catch (error) {
      setRemoving(null);
      pushAlert({ variant: 'danger', message: error instanceof Error ? error.message : 'Something went wrong.' });
    } finally {
      setRemoveInProgress(false);
    }
  };

  const rootState = branches[ROOT];
  const rootBranch = rootState?.branch;

  // Once the tree's first rows are in, the Roadmap view gets ready in the background.
  const client = useApolloClient();
  const location = useLocation();
  const treeShown = rootBranch !== undefined;
  const preloaded = useRef(false);
  useEffect(() => {
    if (!treeShown || preloaded.current) return;
    const start = () => {
      preloaded.current = true;
      preloadEpicRoadmap(client, groupFullPath, iid, location.search);
    };
    return whenIdle(start, 1000, 200);
  }, [treeShown, client, groupFullPath, iid, location.search]);
  const isEmpty = rootBranch && rootBranch.epics.length === 0 && rootBranch.issues.length === 0;
  const firstPageSettled = treeShown || rootState?.error === true;
  useEffect(() => {
    if (firstPageSettled) onFirstPage?.();
  }, [firstPageSettled, onFirstPage]);

  return (
    <section className={styles.section} aria-labelledby="child-items-heading">
      <div className={styles.header}>
        <h2 id="child-items-heading" className={styles.sectionTitle}>
          {featureSwitches().subEpics ? 'Child issues and epics' : 'Issues'}
        </h2>
        {parent && <ChildItemsHeaderCounts epics={parent.children?.count ?? 0} issues={parent.issues.count} />}
        <div className={styles.headerActions}>
          {rootAdmin && (
            <AddItemMenu
              showEpicGroup={(parent?.userPermissions.readEpicRelation ?? false) && featureSwitches().subEpics}
              canCreateEpic={parent?.userPermissions.adminEpic ?? false}
              onSelect={setForm}
            />
          )}
        </div>
      </div>
      {form === 'add-issue' || form === 'add-epic' ? (
        <AddExistingForm
          key={form}
          kind={form === 'add-epic' ? 'epic' : 'issue'}
          groupFullPath={groupFullPath}
          confidential={confidential}
          onSubmit={(refs) => handleAddExisting(form === 'add-epic' ? 'epic' : 'issue', refs)}
          onCancel={() => setForm(null)}
        />
      ) : null}
      {form === 'create-epic' && parent ? (
        <CreateEpicForm
          groupFullPath={parent.group.fullPath}
          groupName={parent.group.name}
          confidential={confidential}
          onSubmit={handleCreateEpic}
          onCancel={() => setForm(null)}
        />
      ) : null}
      {form === 'create-issue' && parent ? (
        <CreateIssueForm
          groupFullPath={parent.group.fullPath}
          confidential={confidential}
          defaultProject={parent.defaultProjectForIssueCreation}
          onSubmit={handleCreateIssue}
          onCancel={() => setForm(null)}
        />
      ) : null}
      <ChildItemsTabs
        groupFullPath={groupFullPath}
        iid={iid}
        tree={
          <>
            <Switch className={styles.switch} isSelected={showLabels} onChange={setShowLabels}>
              <span className={styles.switchTrack} aria-hidden="true">
                <span className={styles.switchThumb} />
              </span>
              Show labels
            </Switch>
            {tree.changeError && (
              <Alert variant="danger" onDismiss={tree.dismissChangeError} className={styles.treeError}>
                {tree.changeError}
              </Alert>
            )}
            {!rootBranch && rootState?.error ? null : !rootBranch ? (
              <SkeletonList rows={3} label="Loading child items" />
            ) : isEmpty ? (
              <ChildItemsEmptyState
                add={
                  rootAdmin ? { canCreateEpic: parent?.userPermissions.adminEpic ?? false, onSelect: setForm } : null
                }
              />
            ) : (
              <EpicTree
                branches={branches}
                expandedKeys={tree.expandedKeys}
                onExpandedChange={tree.changeExpanded}
                onShowMore={tree.showMore}
                canAdminRelation={canAdminRelation}
                onRemove={(child, parentKey) => setRemoving({ child, parentKey })}
                onMove={(parentKey, child, direction) => void tree.move(parentKey, child, direction)}
                onDrop={rootAdmin ? (moved, target, position) => void tree.drop(moved, target, position) : undefined}
                root={tree.root ?? { groupFullPath, confidential, depth: 1 }}
                showLabels={showLabels}
              />
            )}
          </>
        }
      />
      <RemoveItemModal
        child={removing?.child ?? null}
        parentTitle={removing ? parentTitleOf(removing.parentKey) : ''}
        isRemoving={removeInProgress}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void handleConfirmRemove()}
      />
    </section>
  );
});
