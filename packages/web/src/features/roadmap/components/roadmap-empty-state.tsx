import type { Timeframe } from '@milepost/shared';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { formatCalendarDate } from '../../../lib/format-date.ts';
import { routes } from '../../../lib/routes.ts';

type RoadmapEmptyStateProps = {
  groupFullPath: string;
  timeframe: Timeframe;
  hasFiltersApplied: boolean;
  /** The roadmap shows one epic's child epics (mounted for an epic). */
  childEpicsView: { epicPath: string } | null;
  /** An epic token filters the list (the list is that epic's children). */
  filteredByEpic: boolean;
  /** False when the group has no epic with a start or due date at all; null while unknown. */
  hasDatedEpics: boolean | null;
  canCreateEpic: boolean;
  /** The epics list with the roadmap's state, filters and sort ('View epics list'). */
  epicsListHref: string;
};

/** 'from Oct 1, 2026 to Dec 31, 2026' for the timeline's first and last day. */
export function dateRangeText(timeframe: Pick<Timeframe, 'start' | 'end'>): string {
  return `${formatCalendarDate(timeframe.start)} to ${formatCalendarDate(timeframe.end)}`;
}

/** Spec §2 "Empty state": its title, the sub-text variant for the situation, and the buttons. */
export function roadmapEmptyStateText({
  timeframe,
  hasFiltersApplied,
  childEpicsView,
  filteredByEpic,
  hasDatedEpics,
}: Pick<
  RoadmapEmptyStateProps,
  'timeframe' | 'hasFiltersApplied' | 'childEpicsView' | 'filteredByEpic' | 'hasDatedEpics'
>): { title: string; subText: string } {
  const title = hasFiltersApplied
    ? 'Sorry, no epics matched your search'
    : 'The roadmap shows the progress of your epics along a timeline';
  const range = dateRangeText(timeframe);
  let subText: string;
  if (childEpicsView) subText = 'To view the roadmap, add a start or due date to one of the child epics.';
  else if (filteredByEpic) subText = 'To make your epics appear in the roadmap, add start or due dates to them.';
  else if (hasFiltersApplied) subText = `To widen your search, change or remove filters; from ${range}.`;
  else if (hasDatedEpics === false)
    subText = 'To make your epics appear in the roadmap, add start or due dates to them.';
  else
    subText = `To view the roadmap, add a start or due date to one of your epics in this group or its subgroups; from ${range}.`;
  return { title, subText };
}

export function RoadmapEmptyState(props: RoadmapEmptyStateProps) {
  const { title, subText } = roadmapEmptyStateText(props);
  const { groupFullPath, childEpicsView, hasFiltersApplied, canCreateEpic, epicsListHref } = props;
  const description = childEpicsView ? (
    <>
      To view the roadmap, add a start or due date to one of the <Link to={childEpicsView.epicPath}>child epics</Link>.
    </>
  ) : (
    subText
  );
  return (
    <EmptyState
      icon="roadmap"
      title={title}
      description={description}
      actions={
        <>
          {canCreateEpic && !hasFiltersApplied && (
            <ButtonLink variant="primary" to={routes.newEpic(groupFullPath)}>
              New epic
            </ButtonLink>
          )}
          <ButtonLink to={epicsListHref}>View epics list</ButtonLink>
        </>
      }
    />
  );
}
