import type { ListState } from '@milepost/shared';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { routes } from '../../../lib/routes.ts';

type EpicsListEmptyStateProps = {
  groupFullPath: string;
  state: ListState;
  filtered: boolean;
  /** Epics of any state exist for this filter (false: the group has none at all). */
  anyEpics: boolean;
  canCreateEpic: boolean;
  /** Set when a later page came back empty: the link back to the first page. */
  firstPageHref: string | null;
};

/** GitLab's epics list empty states: none at all, nothing matches, none open, none closed. */
export function epicsListEmptyText({
  state,
  filtered,
  anyEpics,
}: Pick<EpicsListEmptyStateProps, 'state' | 'filtered' | 'anyEpics'>): { title: string; description?: string } {
  if (filtered) {
    return {
      title: 'Sorry, your filter produced no results',
      description: 'To widen your search, change or remove filters above.',
    };
  }
  if (anyEpics && state === 'opened') return { title: 'There are no open epics' };
  if (anyEpics && state === 'closed') return { title: 'There are no closed epics' };
  return {
    title: 'Epics let you manage your portfolio of projects more efficiently and with less effort',
    description: 'Track groups of issues that share a theme, across projects and milestones.',
  };
}

export function EpicsListEmptyState(props: EpicsListEmptyStateProps) {
  const { groupFullPath, canCreateEpic, firstPageHref, filtered } = props;
  if (firstPageHref) {
    return (
      <EmptyState
        icon="epic"
        title="There are no epics on this page"
        description="The list has changed since this page was opened."
        actions={<ButtonLink to={firstPageHref}>Go to the first page</ButtonLink>}
      />
    );
  }
  const { title, description } = epicsListEmptyText(props);
  return (
    <EmptyState
      icon="epic"
      title={title}
      description={description}
      actions={
        <>
          {canCreateEpic && !filtered && (
            <ButtonLink variant="primary" to={routes.newEpic(groupFullPath)}>
              New epic
            </ButtonLink>
          )}
          <ButtonLink to={routes.groupRoadmap(groupFullPath)}>View roadmap</ButtonLink>
        </>
      }
    />
  );
}
