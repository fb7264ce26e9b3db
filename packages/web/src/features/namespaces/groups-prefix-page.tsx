import { groupSubPage } from '@milepost/shared';
import { Navigate } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { lazyPage } from '../../app/lazy-page.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { routes } from '../../lib/routes.ts';
import { EpicPage } from '../epics/epic-page.tsx';
import { EpicsListPage } from '../epics/epics-list-page.tsx';
import { NewEpicPage } from '../epics/new-epic-page.tsx';
import { IssuesListPage } from '../issues/list/issues-list-page.tsx';
import { LabelsPage } from '../labels/labels-page.tsx';
import { MilestonePage } from '../milestones/milestone-page.tsx';
import { MilestonesPage } from '../milestones/milestones-page.tsx';
import { RoadmapPage } from '../roadmap/roadmap-page.tsx';
import { useNamespaceContext } from './use-namespace-context.ts';

// Settings, members and iterations are rarely a first page: they load when first shown (the router's Suspense).
const CadenceFormPage = lazyPage(() => import('../iterations/cadence-form-page.tsx'), 'CadenceFormPage');
const CadencesPage = lazyPage(() => import('../iterations/cadences-page.tsx'), 'CadencesPage');
const IterationReportPage = lazyPage(() => import('../iterations/iteration-report-page.tsx'), 'IterationReportPage');
const MembersPage = lazyPage(() => import('../members/members-page.tsx'), 'MembersPage');
const GroupSettingsPage = lazyPage(
  () => import('../namespace-settings/namespace-settings-page.tsx'),
  'GroupSettingsPage',
);

/** `/groups/<path>/-/<page>`: the group's epics, epic, roadmap, members and iteration pages. */
export function GroupsPrefixPage() {
  const context = useNamespaceContext();
  useErrorAlert(context.kind === 'error' ? context.error : null, 'Something went wrong while loading this group.');

  if (context.kind === 'loading') return <SkeletonList rows={4} label="Loading" />;
  if (context.kind === 'error') return null;
  if (context.kind !== 'group') return <NotFoundPage signInIfSignedOut={context.kind === 'not-found'} />;

  const { group } = context;
  const sub = groupSubPage(context.location.subPath);
  if (!sub) return <NotFoundPage />;
  switch (sub.page) {
    case 'overview':
      return <Navigate to={routes.group(group.fullPath)} replace />;
    case 'epics':
      return <EpicsListPage group={group} />;
    case 'newEpic':
      return <NewEpicPage group={group} />;
    case 'epic':
      return <EpicPage group={group} iid={sub.iid} />;
    case 'roadmap':
      return <RoadmapPage group={group} />;
    case 'members':
      return <MembersPage kind="group" namespace={group} />;
    case 'settings':
      return <GroupSettingsPage fullPath={group.fullPath} />;
    case 'cadences':
      return <CadencesPage group={group} />;
    case 'newCadence':
      return <CadenceFormPage group={group} />;
    case 'editCadence':
      return <CadenceFormPage group={group} cadenceId={sub.id} />;
    case 'iteration':
      return <IterationReportPage group={group} id={sub.id} />;
    case 'labels':
    case 'milestones':
    case 'milestone': {
      const scope = { kind: 'group', fullPath: group.fullPath, fullName: group.fullName } as const;
      if (sub.page === 'labels') return <LabelsPage scope={scope} />;
      return sub.page === 'milestones' ? (
        <MilestonesPage scope={scope} />
      ) : (
        <MilestonePage scope={scope} iid={sub.iid} />
      );
    }
    case 'issues':
      return (
        <IssuesListPage
          scope={{ kind: 'group', fullPath: group.fullPath, name: group.name, fullName: group.fullName }}
        />
      );
  }
}
