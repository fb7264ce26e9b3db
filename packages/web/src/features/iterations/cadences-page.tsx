import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { IterationCadencesQueryDocument } from '../../gql/graphql.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import { CadenceSection } from './cadence-section.tsx';
import { CADENCE_LIST_TABS, cadenceListTab } from './iteration-state.ts';
import styles from './iterations.module.css';

export const CADENCES_LOAD_ERROR = 'Something went wrong while loading the iteration cadences.';

/** `/groups/<path>/-/cadences`: the group's iteration cadences, each with its iterations by state. */
export function CadencesPage({ group }: { group: ResolvedGroup }) {
  const [params] = useSearchParams();
  const tab = cadenceListTab(params.get('state'));
  const { data, error } = useQuery(IterationCadencesQueryDocument, { variables: { fullPath: group.fullPath } });
  useErrorAlert(error, CADENCES_LOAD_ERROR);
  const permissions = data?.group?.userPermissions;
  const cadences = data?.group?.iterationCadences.nodes ?? [];

  return (
    <>
      <PageHeader
        breadcrumbs={[
          ...namespaceBreadcrumbs(group.fullPath, group.fullName),
          { label: 'Iteration cadences', to: routes.groupCadences(group.fullPath) },
        ]}
        title="Iteration cadences"
        actions={
          permissions?.adminIterationCadence && (
            <ButtonLink variant="primary" to={routes.newCadence(group.fullPath)}>
              New iteration cadence
            </ButtonLink>
          )
        }
      />
      <nav className={styles.stateTabs} aria-label="Iteration state">
        {CADENCE_LIST_TABS.map((t) => (
          <Link
            key={t.id}
            to={{ search: t.id === 'opened' ? '' : `?state=${t.id}` }}
            className={styles.stateTab}
            aria-current={t.id === tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {!data && !error && <SkeletonList rows={3} label="Loading iteration cadences" />}
      {data && cadences.length === 0 && (
        <EmptyState
          icon="iteration"
          title="No iteration cadences to show"
          description="Iteration cadences schedule the iterations of this group: weeks of work with a start and a due date, to plan and track issues in."
          actions={
            permissions?.adminIterationCadence && (
              <ButtonLink variant="primary" to={routes.newCadence(group.fullPath)}>
                New iteration cadence
              </ButtonLink>
            )
          }
        />
      )}
      <div className={styles.cadences}>
        {cadences.map((cadence, index) => (
          <CadenceSection
            key={cadence.id}
            group={group}
            cadence={cadence}
            tab={tab}
            initiallyExpanded={index === 0}
            canAdminCadence={permissions?.adminIterationCadence === true}
            canAdminIteration={permissions?.adminIteration === true}
          />
        ))}
      </div>
    </>
  );
}
