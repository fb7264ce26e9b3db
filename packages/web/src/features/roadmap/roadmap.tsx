import { useQuery } from '@apollo/client/react';
import {
  DEFAULT_FIRST_DAY_OF_WEEK,
  EMPTY_FILTER_VALUE,
  epicsListUrlPairs,
  epicsListViewFor,
  type FilterToken,
  isFiltered,
  isFirstDayOfWeek,
  type RoadmapSettings,
} from '@milepost/shared';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlerts, useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { RoadmapDatedEpicsCountQueryDocument, RoadmapViewerQueryDocument } from '../../gql/graphql.ts';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { routes } from '../../lib/routes.ts';
import { EpicChildrenLoader } from './components/epic-children-loader.tsx';
import { EpicsLimitWarning } from './components/epics-limit-warning.tsx';
import { MilestonesRow, milestonesMaxHeight } from './components/milestones-row.tsx';
import { RoadmapEmptyState } from './components/roadmap-empty-state.tsx';
import { RoadmapFiltersBar } from './components/roadmap-filters-bar.tsx';
import { RoadmapSettingsDrawer } from './components/roadmap-settings-drawer.tsx';
import { RoadmapShell } from './components/roadmap-shell.tsx';
import { SingleEpicBar } from './components/single-epic-bar.tsx';
import { type DeepLink, showEpicOf, useRoadmapDeepLink } from './hooks/use-roadmap-deep-link.ts';
import { roadmapListVariables, roadmapSource, useRoadmapEpics } from './hooks/use-roadmap-epics.ts';
import { useRoadmapMilestones } from './hooks/use-roadmap-milestones.ts';
import { useRoadmapPermissions } from './hooks/use-roadmap-permissions.ts';
import { useRoadmapSettings } from './hooks/use-roadmap-settings.ts';
import { useSessionFlag } from './hooks/use-session-flag.ts';
import { ROADMAP_LAYOUT } from './hooks/use-timeline-layout.ts';
import styles from './roadmap.module.css';
import { navigateOnClick } from './utils/link-click.ts';
import {
  buildRowList,
  type ChildrenState,
  type ExpandedAt,
  loadedTopRows,
  type RoadmapEpic,
  type TopRows,
} from './utils/roadmap-rows.ts';

type RoadmapProps = {
  /** The group whose epics (and milestones) the roadmap shows. */
  groupFullPath: string;
  /** Mount for one epic of that group: the roadmap shows its child epics, without the filter bar. */
  epicIid?: string;
};

/** A timeline spanning every date an epic can have: "does the group have any dated epic?" */
const ALL_DATES = { start: '1900-01-01', end: '9999-12-31' };

/** sessionStorage key of the milestones row's expanded state. */
const MILESTONES_EXPANDED_KEY = 'milepost:roadmap:milestones-expanded';

type ExpandedEpic = Pick<RoadmapEpic, 'id' | 'iid' | 'group'> & {
  epic: RoadmapEpic;
  /** Where the epic is a top-level row of the list named by `listKey`; null for a child row. */
  position: number | null;
  listKey: string;
};

/**
 * The roadmap: a group's epics (or one epic's child epics) along a timeline of quarters, months or
 * weeks, with milestones above them; filters, sort and view settings kept in the URL.
 */
export function Roadmap({ groupFullPath, epicIid }: RoadmapProps) {
  const { currentUser } = useCurrentUser();
  const viewer = useQuery(RoadmapViewerQueryDocument);
  const preference = viewer.data?.currentUser?.firstDayOfWeek;
  const firstDayOfWeek = isFirstDayOfWeek(preference) ? preference : DEFAULT_FIRST_DAY_OF_WEEK;
  const {
    settings,
    filter: urlFilter,
    timeframe,
    today,
    bufferSize,
    updateSettings,
    setFilter,
    setBufferSize,
  } = useRoadmapSettings({ firstDayOfWeek });
  const singleEpic = epicIid !== undefined;
  // Mounted for one epic there is no filter bar, so no filters apply.
  const filter = singleEpic ? EMPTY_FILTER_VALUE : urlFilter;
  const hasFiltersApplied = isFiltered(filter);
  const { source, filters, filteredByEpic } = useMemo(
    () => roadmapSource(groupFullPath, epicIid, filter),
    [groupFullPath, epicIid, filter],
  );
  const variables = useMemo(() => roadmapListVariables(settings, filters, timeframe), [settings, filters, timeframe]);
  // Weekly columns start on the viewer's first day of the week: wait for it rather than ask twice.
  const waitForViewer = settings.presetType === 'WEEKS' && viewer.loading;
  // A link to an epic (`show_epic`, a group's list): its place in the list comes with the first page.
  const [params] = useSearchParams();
  const showEpic = source.kind === 'group' ? showEpicOf(params) : '';
  const list = useRoadmapEpics(source, variables, waitForViewer, showEpic);
  const { withLabels: _withLabels, ...linkedList } = variables;
  const deepLink = useRoadmapDeepLink(showEpic, list.epicPosition, JSON.stringify([source, linkedList]));
  useMissingEpicAlert(deepLink);
  useErrorAlert(list.error ?? list.moreError, 'Something went wrong while fetching epics');

  const milestones = useRoadmapMilestones({
    fullPath: groupFullPath,
    epicIid,
    timeframe,
    type: settings.milestonesType,
    skip: !settings.isShowingMilestones,
  });
  useErrorAlert(milestones.error, 'Something went wrong while fetching milestones');
  // Expanded by default; on narrow screens collapsed, so the epics keep most of the height. Collapsing
  // (or expanding) it holds for the rest of the browser session.
  const [milestonesExpanded, toggleMilestones] = useSessionFlag(
    MILESTONES_EXPANDED_KEY,
    () => window.innerWidth >= ROADMAP_LAYOUT.narrowBreakpoint,
  );

  const { canCreateEpic } = useRoadmapPermissions(groupFullPath);

  const [expanded, setExpanded] = useState<ReadonlyMap<string, ExpandedEpic>>(new Map());
  const [children, setChildren] = useState<ReadonlyMap<string, ChildrenState>>(new Map());
  const handleChildren = useCallback((epicId: string, state: ChildrenState) => {
    setChildren((current) => new Map(current).set(epicId, state));
  }, []);

  // A group's rows come by position (windows); one epic's children are loaded whole.
  const listKey = JSON.stringify([source, variables]);
  const topRows = useMemo<TopRows>(
    () =>
      list.windows
        ? { count: list.windows.count, epicAt: list.windows.store.epicAt, positionOf: list.windows.store.positionOf }
        : loadedTopRows(list.epics, timeframe, source.kind === 'group'),
    [list.windows, list.epics, timeframe, source.kind],
  );

  // What a toggle looks its epic up in, as of the last render: read when a row's expander is pressed,
  // so the handler (and with it every row's context) stays the same when a window arrives.
  const latest = useRef({ epics: list.epics, children, topRows, listKey });
  useLayoutEffect(() => {
    latest.current = { epics: list.epics, children, topRows, listKey };
  });
  const handleToggle = useCallback((epicId: string) => {
    const { epics, children: loaded, topRows: top, listKey: key } = latest.current;
    const position = top.positionOf(epicId) ?? null;
    const epic = findEpic(epicId, position === null ? undefined : top.epicAt(position), epics, loaded);
    setExpanded((current) => {
      const next = new Map(current);
      if (next.has(epicId)) next.delete(epicId);
      else if (epic) next.set(epicId, { id: epic.id, iid: epic.iid, group: epic.group, epic, position, listKey: key });
      return next;
    });
  }, []);

  const handleLabelClick = useCallback(
    (title: string) => {
      if (filter.tokens.some((t) => t.type === 'label' && t.operator === '=' && t.value === title)) return;
      const token: FilterToken = { type: 'label', operator: '=', value: title };
      setFilter({ ...filter, tokens: [...filter.tokens, token] });
    },
    [filter, setFilter],
  );

  const expandedIds = useMemo(() => new Set(expanded.keys()), [expanded]);
  // The expanded top-level epics at their positions (after a new filter or sort, where the new list has them).
  const expandedAt = useMemo(() => {
    const at: ExpandedAt[] = [];
    for (const entry of expanded.values()) {
      const position = entry.listKey === listKey ? entry.position : (topRows.positionOf(entry.id) ?? null);
      const epic = entry.listKey === listKey ? entry.epic : position === null ? undefined : topRows.epicAt(position);
      if (position !== null && epic) at.push({ epic, position });
    }
    return at;
  }, [expanded, listKey, topRows]);
  // 'View epics list': the list with this view's state, filters and sort (one epic's children by its token).
  const listFilter = singleEpic
    ? { tokens: [{ type: 'epic' as const, operator: '=' as const, value: epicIid ?? '' }], search: '' }
    : filter;
  const epicsListHref = `${routes.groupEpics(groupFullPath)}?${new URLSearchParams(
    epicsListUrlPairs(epicsListViewFor({ state: settings.epicsState, filter: listFilter, sort: settings.sortedBy })),
  )}`;
  const rows = useMemo(
    () =>
      list.loading || list.error
        ? null
        : buildRowList({
            top: topRows,
            timeframe,
            expanded: expandedIds,
            expandedAt,
            children,
            hasFiltersApplied,
            loadingMore: list.loadingMore,
            listIsTopLevel: source.kind === 'group',
          }),
    [
      list.loading,
      list.error,
      topRows,
      list.loadingMore,
      timeframe,
      expandedIds,
      expandedAt,
      children,
      hasFiltersApplied,
      source.kind,
    ],
  );
  // A link to an epic (`show_epic`): expand the epics down to it, one level as each one's children
  // arrive, then scroll to its row (its window is the only one fetched) and highlight it.
  const target = deepLink.target;
  const expandedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!target || !deepLink.key || expandedFor.current === deepLink.key) return;
    for (const [level, id] of target.expandIds.entries()) {
      if (expanded.has(id)) continue;
      const epic = findEpic(id, level === 0 ? topRows.epicAt(target.position) : undefined, list.epics, children);
      // Not loaded yet (its window or its parent's children are on their way), or not in the list.
      if (!epic || epic.id !== id) return;
      setExpanded((current) =>
        new Map(current).set(id, {
          id,
          iid: epic.iid,
          group: epic.group,
          epic,
          position: level === 0 ? target.position : null,
          listKey,
        }),
      );
      return;
    }
    expandedFor.current = deepLink.key;
  }, [target, deepLink.key, expanded, topRows, list.epics, children, listKey]);
  const scrollTo = useMemo(() => {
    if (!target || !rows || !deepLink.key) return null;
    const start = rows.indexOfPosition(target.position);
    // The epic's row: the top-level row itself or one of the rows of its expanded subtree below it.
    for (let index = start; index < rows.count && rows.positionAt(index) === target.position; index++) {
      const row = rows.rowAt(index);
      if (row?.kind === 'epic' && row.epic.id === target.epicId) return { index, token: `${deepLink.key}:found` };
    }
    return { index: start, token: `${deepLink.key}:${start}` };
  }, [target, rows, deepLink.key]);

  const isEmpty = rows !== null && rows.count === 0 && !list.hasNextPage;
  // The rows in view: a group's list fetches the windows holding them (and keeps those windows).
  const store = list.windows?.store ?? null;
  const handleRowsInView = useCallback(
    (start: number, end: number) => {
      if (rows && store) store.show(rows.positionAt(start), rows.positionAt(end));
    },
    [rows, store],
  );

  const datedEpics = useQuery(RoadmapDatedEpicsCountQueryDocument, {
    variables: { fullPath: groupFullPath, state: variables.state, timeframe: ALL_DATES },
    skip: !isEmpty || hasFiltersApplied || source.kind !== 'group',
  });
  const datedCount = datedEpics.data?.group?.epics?.count;
  const hasDatedEpics = datedCount === undefined ? null : datedCount > 0;

  const navigate = useNavigate();
  const handleLinkClick = useMemo(() => navigateOnClick(navigate), [navigate]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const handleSettingsChange = useCallback(
    (patch: Partial<RoadmapSettings>) => updateSettings(patch),
    [updateSettings],
  );
  const handleSortChange = useCallback(
    (sortedBy: RoadmapSettings['sortedBy']) => updateSettings({ sortedBy }),
    [updateSettings],
  );
  const openSettings = useCallback(() => setSettingsOpen(true), []);

  const rowContext = useMemo(
    () => ({
      groupFullPath,
      progressKind: settings.isProgressTrackingActive ? settings.progressTracking : null,
      showLabels: settings.isShowingLabels,
      hasFiltersApplied,
      onToggle: handleToggle,
      onLabelClick: handleLabelClick,
      onLinkClick: handleLinkClick,
    }),
    [
      handleLinkClick,
      groupFullPath,
      settings.isProgressTrackingActive,
      settings.progressTracking,
      settings.isShowingLabels,
      hasFiltersApplied,
      handleToggle,
      handleLabelClick,
    ],
  );

  const showMilestones = settings.isShowingMilestones && milestones.milestones.length > 0;
  const renderMilestones = useCallback(
    ({ cellWidth, leftWidth, shellHeight }: { cellWidth: number; leftWidth: number; shellHeight: number }) => (
      <MilestonesRow
        milestones={milestones.milestones}
        timeframe={timeframe}
        cellWidth={cellWidth}
        leftWidth={leftWidth}
        maxHeight={milestonesMaxHeight(shellHeight)}
        expanded={milestonesExpanded}
        onToggle={toggleMilestones}
        onLinkClick={handleLinkClick}
      />
    ),
    [milestones.milestones, timeframe, milestonesExpanded, toggleMilestones, handleLinkClick],
  );

  const showFilterBar = !singleEpic && (list.loading || topRows.count > 0 || hasFiltersApplied);
  // The filtered search, the sort and the settings drawer mount in the task after the first paint:
  // the bars (or their skeleton rows) are drawn first.
  const painted = useAfterPaint();

  return (
    <div className={styles.roadmap}>
      {!singleEpic && (
        <RoadmapFiltersBar
          groupFullPath={groupFullPath}
          showFilters={showFilterBar}
          filter={filter}
          onFilterSubmit={setFilter}
          sort={settings.sortedBy}
          onSortChange={handleSortChange}
          onOpenSettings={openSettings}
          signedIn={currentUser !== null}
          interactive={painted}
        />
      )}
      {singleEpic && (
        <SingleEpicBar
          shown={list.loading ? null : list.count}
          total={list.totalChildren}
          epicsState={settings.epicsState}
          onOpenSettings={openSettings}
        />
      )}
      {list.count !== null && list.count > list.limit && <EpicsLimitWarning limit={list.limit} />}
      {[...expanded.values()].map((epic) => (
        <EpicChildrenLoader key={epic.id} epic={epic} variables={variables} onChange={handleChildren} />
      ))}
      {list.error ? null : isEmpty ? (
        <RoadmapEmptyState
          groupFullPath={groupFullPath}
          timeframe={timeframe}
          hasFiltersApplied={hasFiltersApplied}
          childEpicsView={singleEpic ? { epicPath: routes.groupEpic(groupFullPath, epicIid) } : null}
          filteredByEpic={filteredByEpic}
          hasDatedEpics={hasDatedEpics}
          canCreateEpic={canCreateEpic}
          epicsListHref={epicsListHref}
        />
      ) : (
        <RoadmapShell
          timeframe={timeframe}
          today={today}
          rows={rows}
          rowContext={rowContext}
          bufferSize={bufferSize}
          onBufferSizeChange={setBufferSize}
          hasNextPage={list.hasNextPage}
          onEndReached={list.fetchNextPage}
          onRowsInView={handleRowsInView}
          renderMilestones={showMilestones ? renderMilestones : null}
          listTitle={singleEpic || filteredByEpic ? 'Child epics' : 'Epics'}
          scrollTo={scrollTo}
          highlightKey={target?.epicId ?? null}
        />
      )}
      {painted && (
        <RoadmapSettingsDrawer
          isOpen={settingsOpen}
          onOpenChange={setSettingsOpen}
          settings={settings}
          onChange={handleSettingsChange}
        />
      )}
    </div>
  );
}

/** An epic of the roadmap by id: at its position in the list, among the loaded epics or a loaded child. */
function findEpic(
  id: string,
  atPosition: RoadmapEpic | undefined,
  epics: readonly RoadmapEpic[],
  children: ReadonlyMap<string, ChildrenState>,
): RoadmapEpic | undefined {
  if (atPosition?.id === id) return atPosition;
  const loaded = epics.find((epic) => epic.id === id);
  if (loaded) return loaded;
  for (const state of children.values()) {
    const child = state.epics?.find((epic) => epic.id === id);
    if (child) return child;
  }
  return undefined;
}

/** A link to an epic that is not in the list: an info alert that says so (the roadmap shows as usual). */
function useMissingEpicAlert(deepLink: DeepLink): void {
  const { pushAlert, dismissAlert } = useAlerts();
  const { reference, missing } = deepLink;
  useEffect(() => {
    if (!missing || reference === null) return;
    const id = pushAlert({
      variant: 'info',
      message: `Epic ${reference} is not on this roadmap with the current filters and date range.`,
    });
    return () => dismissAlert(id);
  }, [missing, reference, pushAlert, dismissAlert]);
}
