import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { Breadcrumbs } from '../../app/shell/breadcrumbs.tsx';
import { EpicPageQueryDocument } from '../../gql/graphql.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DiscussionSection } from '../discussions/discussion-section.tsx';
import { IssuableAwards } from '../discussions/issuable-awards.tsx';
import { prefetchDiscussions } from '../discussions/prefetch-discussions.ts';
import styles from '../issuables/detail-page.module.css';
import { IssuableBody } from '../issuables/issuable-body.tsx';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import { EpicTaskList } from '../work-items/task-list/issuable-task-lists.tsx';
import { ChildItemsPanel } from './child-items/child-items-panel.tsx';
import { EpicHeadSkeleton } from './epic-page-skeleton.tsx';
import { EpicEditForm } from './header/epic-edit-form.tsx';
import { EpicHeader } from './header/epic-header.tsx';
import { LinkedItems } from './linked-items/linked-items.tsx';
import { EpicSidebar } from './sidebar/epic-sidebar.tsx';
import { useRestOfEpicPage } from './use-rest-of-epic-page.ts';

/**
 * `/groups/<path>/-/epics/<iid>` (spec 001 §2.1): the header with the epic's state and actions, its
 * title and description (or the edit form), the child items and the sidebar. The page's query (the
 * epic, its sidebar) and the tree's first page are asked for together (prefetchEpicPage on a first
 * load); the activity follows them.
 *
 * The first screen is drawn first: the header, title and description with the page's answer, the
 * tree with its own. The rest — the sidebar's sections, the linked items' list and the activity —
 * mounts in the task after the paint that shows both (or, when the tree takes longer than
 * `TREE_FIRST_MS` after the page's answer, without waiting for it), so neither its rendering nor
 * its requests stand between an answer and its paint (decision 0068).
 */
export function EpicPage({ group, iid }: { group: ResolvedGroup; iid: string }) {
  const client = useApolloClient();
  const { data, error } = useQuery(EpicPageQueryDocument, { variables: { fullPath: group.fullPath, iid } });
  const epic = data?.group?.epic;
  const loaded = Boolean(epic);
  const { rest, onTreeFirstPage } = useRestOfEpicPage(loaded);
  // The activity, below the first screen, is asked for with the rest (on a first load
  // prefetchEpicPage has started it already): it never competes with the first paint.
  useEffect(() => {
    if (rest) prefetchDiscussions(client, { type: 'Epic', fullPath: group.fullPath, iid });
  }, [client, group.fullPath, iid, rest]);
  useErrorAlert(error, 'Something went wrong while fetching the epic.');
  const [isEditing, setEditing] = useState(false);
  useDocumentTitle(epic?.title ?? `Epic &${iid}`);
  const breadcrumbs = [
    ...namespaceBreadcrumbs(group.fullPath, group.fullName),
    { label: 'Epics', to: routes.groupEpics(group.fullPath) },
    { label: `&${iid}`, to: routes.groupEpic(group.fullPath, iid) },
  ];

  if (!data && error) return null;
  if (data && !epic) return <NotFoundPage />;

  // The layout is drawn at once: the header and the sidebar as skeletons until the page's query
  // answers (the sidebar and the linked items then read theirs from the cache), the tree's own
  // first page asked for beside it (no waterfall behind the epic).
  return (
    <>
      <div className={styles.breadcrumbs}>
        <Breadcrumbs items={breadcrumbs} />
      </div>
      <div className={styles.layout}>
        <div className={styles.main}>
          {epic ? (
            <EpicHeader
              epic={epic}
              groupFullPath={group.fullPath}
              isEditing={isEditing}
              onEdit={() => setEditing(true)}
            />
          ) : (
            <EpicHeadSkeleton />
          )}
          {!epic ? null : isEditing ? (
            <EpicEditForm epic={epic} groupFullPath={group.fullPath} onClose={() => setEditing(false)} />
          ) : (
            <IssuableBody
              title={epic.title ?? `Epic &${epic.iid}`}
              titleHtml={epic.titleHtml}
              descriptionHtml={epic.descriptionHtml}
              renderDescription={(_html, className) => (
                <EpicTaskList
                  groupPath={group.fullPath}
                  epic={epic}
                  editable={epic.userPermissions.updateEpic}
                  className={className}
                />
              )}
            />
          )}
          {epic ? <IssuableAwards type="Epic" awardable={epic} /> : null}
          {epic ? <LinkedItems groupFullPath={group.fullPath} iid={iid} ready={rest} /> : null}
          <ChildItemsPanel groupFullPath={group.fullPath} iid={iid} onFirstPage={onTreeFirstPage} />
          {epic && rest ? <DiscussionSection noteable={{ type: 'Epic', fullPath: group.fullPath, iid }} /> : null}
        </div>
        <EpicSidebar groupFullPath={group.fullPath} iid={iid} ready={rest} />
      </div>
    </>
  );
}
