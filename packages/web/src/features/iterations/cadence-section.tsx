import { useMutation, useQuery } from '@apollo/client/react';
import { iterationDisplayTitle } from '@milepost/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ConfirmDialog, ConfirmText } from '../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { useToast } from '../../components/ui/use-toast.ts';
import {
  CadenceIterationsQueryDocument,
  IterationCadenceDestroyMutationDocument,
  type IterationCadenceFieldsFragment,
  type IterationState,
} from '../../gql/graphql.ts';
import { errorMessages } from '../../lib/mutation-errors.ts';
import { routes } from '../../lib/routes.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import { IterationCreateDialog } from './iteration-create-dialog.tsx';
import { type CadenceListTab, cadenceListSort, cadenceSummary, numericId } from './iteration-state.ts';
import { IterationStateBadge } from './iteration-state-badge.tsx';
import styles from './iterations.module.css';

const PAGE_SIZE = 20;
/** The API's page size limit: the list shows at most this many of a cadence's iterations. */
const MAX_ITERATIONS = 100;
const TAB_STATES: Record<CadenceListTab, IterationState> = {
  opened: 'opened',
  closed: 'closed',
  all: 'all',
};

type CadenceSectionProps = {
  group: ResolvedGroup;
  cadence: IterationCadenceFieldsFragment;
  tab: CadenceListTab;
  initiallyExpanded: boolean;
  canAdminCadence: boolean;
  canAdminIteration: boolean;
};

/** One cadence of the list: its title and schedule, edit/delete, and (expanded) its iterations in the tab's state. */
export function CadenceSection({
  group,
  cadence,
  tab,
  initiallyExpanded,
  canAdminCadence,
  canAdminIteration,
}: CadenceSectionProps) {
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);
  const bodyId = useId();
  const { showToast } = useToast();
  const { pushAlert } = useAlerts();
  const [destroy, { loading: destroying }] = useMutation(IterationCadenceDestroyMutationDocument, {
    refetchQueries: ['IterationCadencesQuery'],
    awaitRefetchQueries: true,
  });

  const handleDelete = async () => {
    try {
      const result = await destroy({ variables: { id: cadence.id } });
      const errors = result.data?.iterationCadenceDestroy?.errors ?? [];
      if (errors.length) pushAlert({ variant: 'danger', message: errors.join(' ') });
      else showToast('The iteration cadence was deleted.');
    } catch (caught) {
      pushAlert({ variant: 'danger', message: errorMessages(caught).join(' ') });
    }
    setConfirming(false);
  };

  return (
    <section className={styles.cadence} aria-labelledby={`${bodyId}-title`}>
      <div className={styles.cadenceHeader}>
        <button
          type="button"
          className={styles.disclosure}
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((open) => !open)}
        >
          <Icon name={expanded ? 'chevron-down' : 'chevron-right'} />
          <span id={`${bodyId}-title`} className={styles.cadenceTitle}>
            {cadence.title}
          </span>
        </button>
        <span className={styles.meta}>{cadenceSummary(cadence)}</span>
        <div className={styles.cadenceActions}>
          {canAdminIteration && !cadence.automatic && (
            <Button compact onPress={() => setAdding(true)}>
              Add iteration
            </Button>
          )}
          {canAdminCadence && (
            <>
              <ButtonLink
                compact
                variant="tertiary"
                to={routes.editCadence(group.fullPath, numericId(cadence.id))}
                aria-label={`Edit ${cadence.title}`}
              >
                Edit
              </ButtonLink>
              <Button
                compact
                variant="tertiary"
                onPress={() => setConfirming(true)}
                aria-label={`Delete ${cadence.title}`}
              >
                Delete
              </Button>
            </>
          )}
        </div>
      </div>
      {expanded && (
        <div id={bodyId}>
          <CadenceIterations group={group} cadenceId={cadence.id} tab={tab} />
        </div>
      )}
      <ConfirmDialog
        title="Delete iteration cadence"
        isOpen={confirming}
        confirmLabel="Delete cadence"
        pendingLabel="Deleting…"
        isPending={destroying}
        onCancel={() => setConfirming(false)}
        onConfirm={handleDelete}
      >
        <ConfirmText>
          This will delete the cadence “{cadence.title}” and all of its iterations. Issues in them will have no
          iteration.
        </ConfirmText>
      </ConfirmDialog>
      {adding && <IterationCreateDialog group={group} cadence={cadence} onClose={() => setAdding(false)} />}
    </section>
  );
}

function CadenceIterations({
  group,
  cadenceId,
  tab,
}: {
  group: ResolvedGroup;
  cadenceId: string;
  tab: CadenceListTab;
}) {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const { data, error, loading } = useQuery(CadenceIterationsQueryDocument, {
    variables: {
      fullPath: group.fullPath,
      cadenceId,
      state: TAB_STATES[tab],
      sort: cadenceListSort(tab),
      first: limit,
    },
  });
  const connection = data?.group?.iterations;
  if (error) return <p className={styles.muted}>{ITERATIONS_LOAD_ERROR}</p>;
  if (!connection) return <SkeletonList rows={2} label="Loading iterations" />;
  if (connection.nodes.length === 0) {
    return (
      <p className={styles.muted}>
        {tab === 'closed'
          ? 'No done iterations.'
          : tab === 'all'
            ? 'No iterations in this cadence.'
            : 'No open iterations.'}
      </p>
    );
  }
  return (
    <>
      <ul className={styles.iterationList} aria-label="Iterations">
        {connection.nodes.map((it) => (
          <li key={it.id} className={styles.iterationRow}>
            <Link to={it.webPath} className={styles.iterationLink}>
              {iterationDisplayTitle({ title: it.title, startDate: String(it.startDate), dueDate: String(it.dueDate) })}
            </Link>
            {it.title && (
              <span className={styles.meta}>
                {iterationDisplayTitle({ startDate: String(it.startDate), dueDate: String(it.dueDate) })}
              </span>
            )}
            <IterationStateBadge state={it.state} />
          </li>
        ))}
      </ul>
      {connection.pageInfo.hasNextPage && limit < MAX_ITERATIONS && (
        <Button
          compact
          variant="tertiary"
          isDisabled={loading}
          onPress={() => setLimit((n) => Math.min(n + PAGE_SIZE, MAX_ITERATIONS))}
        >
          Show more iterations
        </Button>
      )}
    </>
  );
}

/** The spec's words when a group's iterations cannot be fetched. */
export const ITERATIONS_LOAD_ERROR = 'Failed to fetch the iterations for the group. Please try again.';
