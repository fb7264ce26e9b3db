import { epicProgress, type Timeframe, timeframeText, todayPosition } from '@milepost/shared';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  memo,
  type ReactNode,
  type UIEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { afterPaint, useAfterPaint } from '../../../lib/after-paint.ts';
import { bufferSizeFor, ROADMAP_LAYOUT, useTimelineLayout } from '../hooks/use-timeline-layout.ts';
import styles from '../roadmap.module.css';
import type { RoadmapRow, RoadmapRowList } from '../utils/roadmap-rows.ts';
import { epicBarLabel, epicBarPopover } from './epic-bar.tsx';
import { EpicRow, type EpicRowContext, indentFor, VisibleTrackContext, VisibleTrackStore } from './epic-row.tsx';
import { RoadmapTooltip, useRoadmapTooltip } from './roadmap-tooltip.tsx';
import { TimelineHeader } from './timeline-header.tsx';

type RoadmapShellProps = {
  timeframe: Timeframe;
  today: string;
  /** The rows to draw, by index; null while the first page loads (skeleton rows). */
  rows: RoadmapRowList | null;
  rowContext: Omit<EpicRowContext, 'timeframe' | 'cellWidth' | 'leftWidth' | 'onScrollToBar'>;
  bufferSize: number;
  onBufferSizeChange: (bufferSize: number) => void;
  hasNextPage: boolean;
  onEndReached: () => void;
  /** The rows drawn (first and last index, buffer included) changed: their data is wanted. */
  onRowsInView?: (start: number, end: number) => void;
  /** The milestones row, given the measured widths; null when hidden. */
  renderMilestones: ((layout: { cellWidth: number; leftWidth: number; shellHeight: number }) => ReactNode) | null;
  /** The header's corner text ('Epics', or 'Child epics' for one epic). */
  listTitle: string;
  /** A row to scroll to (centred), once per token (a link to an epic). */
  scrollTo?: { index: number; token: string } | null;
  /** The key of a row to highlight (the linked epic's). */
  highlightKey?: string | null;
};

const SKELETON_ROWS = 6;

/**
 * The roadmap's scrolling area: a sticky timeline header, the milestones row and the epic rows. Rows
 * are virtualised (only the visible ones plus `bufferSize` on each side are in the DOM); the next
 * page loads when the last rows come into view; today's line crosses header and rows; a shadow at the
 * bottom shows, once the list is scrolled, while more rows lie below; the milestones row stays under
 * the header while the rows scroll. From the keyboard, Home and End
 * in the list focus the first and the last loaded epic, the focused row stays drawn however far it is
 * scrolled, and focus scrolls clear of the sticky header and details column. Memoised: a render of
 * the page that changes none of its props (a window arriving before its rows are drawn) skips it.
 */
export const RoadmapShell = memo(function RoadmapShell({
  timeframe,
  today,
  rows,
  rowContext,
  bufferSize,
  onBufferSizeChange,
  hasNextPage,
  onEndReached,
  onRowsInView,
  renderMilestones,
  listTitle,
  scrollTo = null,
  highlightKey = null,
}: RoadmapShellProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const layout = useTimelineLayout(scrollRef, timeframe.periods.length);
  const { cellWidth, leftWidth, rightSpacing, shellHeight } = layout;
  const rowHeight = rowContext.showLabels ? ROADMAP_LAYOUT.rowHeightWithLabels : ROADMAP_LAYOUT.rowHeight;
  const timelineWidth = timeframe.periods.length * cellWidth;
  const today_ = todayPosition(timeframe, today);
  const todayOffset = today_ ? (today_.periodIndex + today_.fraction) * cellWidth : null;

  // Spec §9: buffer = ceil((viewport height − top offset) / row height), kept in the local settings.
  // The rows use it at once (not after the settings round trip, which would draw more rows after the
  // first paint).
  const buffer = layout.measured ? bufferSizeFor(layout, rowHeight) : bufferSize;
  useEffect(() => {
    if (layout.measured) onBufferSizeChange(buffer);
  }, [layout.measured, buffer, onBufferSizeChange]);

  // Where the rows start inside the scrolling shell (below the header and the milestones row).
  const [scrollMargin, setScrollMargin] = useState(0);
  // Height of the sticky header: where the (also sticky) milestones row sits. Keyboard focus scrolls
  // rows clear of both (scroll-padding: the rows' own top).
  const [stickyTop, setStickyTop] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows are drawn once the shell is measured
  useLayoutEffect(() => {
    const element = rowsRef.current;
    if (!element) return;
    const update = () => {
      setScrollMargin(element.offsetTop);
      setStickyTop((element.parentElement?.firstElementChild as HTMLElement | null)?.offsetHeight ?? 0);
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    for (let sibling = element.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      observer.observe(sibling);
    }
    return () => observer.disconnect();
  }, [layout.measured]);

  // The row holding keyboard focus stays rendered while it scrolls out of view, so focus is never
  // dropped to the page (by the arrow keys, Page Up/Down or the wheel).
  const focusedIndex = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const focused = focusedIndex.current;
    if (focused === null || focused >= range.count || indexes.includes(focused)) return indexes;
    return [...indexes, focused].sort((a, b) => a - b);
  }, []);

  // The first rows drawn are those in view; the buffer beyond them (spec §9) follows in the task
  // after that paint, so the first bars wait for no row the user cannot see.
  const buffered = useAfterPaint(rows !== null && layout.measured);

  const count = rows?.count ?? 0;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    // The first render already draws the rows that fit (the shell's size is known before paint).
    initialRect: { width: leftWidth + timelineWidth, height: shellHeight },
    estimateSize: () => rowHeight,
    overscan: buffered ? buffer : 0,
    scrollMargin,
    // Rows are keyed by index (the default): a key read from each row would build all `count` rows
    // whenever the list re-renders (the virtualiser asks every index for its key).
    rangeExtractor,
    // A scroll renders the rows in a task of its own, after the frame it came in (decision 0095):
    // rendered inside the scroll event, as the virtualiser does by default, the rows' render, their
    // layout and the paint made one task of 80–120 ms at a jump.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items.length > 0 ? (items[items.length - 1]?.index ?? -1) : -1;

  useEffect(() => {
    if (rows && hasNextPage && lastIndex >= rows.count - 1) onEndReached();
  }, [rows, hasNextPage, lastIndex, onEndReached]);
  useEffect(() => {
    if (rows && lastIndex >= firstIndex) onRowsInView?.(firstIndex, lastIndex);
  }, [rows, firstIndex, lastIndex, onRowsInView]);

  // A link to an epic: its row centred, once per token (the list then follows the user).
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!scrollTo || !rows || scrolledTo.current === scrollTo.token) return;
    scrolledTo.current = scrollTo.token;
    virtualizer.scrollToIndex(scrollTo.index, { align: 'center' });
  }, [scrollTo, rows, virtualizer]);

  // Open on today: scroll the timeline so today's column is near the left, before the first paint.
  const scrolledFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const key = `${timeframe.start}:${timeframe.presetType}:${cellWidth}`;
    if (!element || scrolledFor.current === key) return;
    scrolledFor.current = key;
    element.scrollLeft = today_ ? Math.max(0, today_.periodIndex * cellWidth - cellWidth / 2) : 0;
  }, [timeframe, cellWidth, today_]);

  // Home and End in the list focus the first and the last loaded epic: off-screen rows are not in the
  // DOM, so the row is scrolled to first and focused once it is drawn.
  const pendingFocus = useRef<number | null>(null);
  const focusRow = useCallback((index: number) => {
    const link = rowsRef.current?.querySelector<HTMLElement>(`li[aria-posinset="${index + 1}"] a`);
    link?.focus({ preventScroll: true });
    return link !== undefined && link !== null;
  }, []);
  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    // Focus that moved on meanwhile (Tab, a click elsewhere) is left where it is.
    const active = document.activeElement;
    if (active !== document.body && !rowsRef.current?.contains(active)) pendingFocus.current = null;
    else if (focusRow(pendingFocus.current)) pendingFocus.current = null;
  });
  const handleListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!rows || (event.key !== 'Home' && event.key !== 'End')) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // The first or the last epic row (a row still loading is one; message rows are skipped).
    const step = event.key === 'Home' ? 1 : -1;
    let index = event.key === 'Home' ? 0 : rows.count - 1;
    const isEpic = (row: RoadmapRow | undefined) => row?.kind === 'epic' || row?.kind === 'placeholder';
    while (index >= 0 && index < rows.count && !isEpic(rows.rowAt(index))) index += step;
    if (index < 0 || index >= rows.count) return;
    event.preventDefault();
    if (event.key === 'Home') virtualizer.scrollToOffset(0);
    else virtualizer.scrollToIndex(index, { align: 'end' });
    pendingFocus.current = focusRow(index) ? null : index;
  };
  const handleListFocus = (event: FocusEvent<HTMLUListElement>) => {
    const position = event.target.closest('li')?.getAttribute('aria-posinset');
    focusedIndex.current = position ? Number(position) - 1 : null;
  };
  const handleListBlur = (event: FocusEvent<HTMLUListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) focusedIndex.current = null;
  };

  // The part of the timeline in view (the details column covers the shell's left edge), measured
  // once scrolling pauses: bars out of view get an arrow at that edge (the markers read the store).
  const [visibleTrack] = useState(() => new VisibleTrackStore());
  const visibleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const measureVisibleTrack = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const start = Math.round(element.scrollLeft);
    visibleTrack.set({ start, end: start + Math.max(element.clientWidth - leftWidth, 0) });
  }, [leftWidth, visibleTrack]);
  // Again whenever the timeline's widths change (it is scrolled to today for them), after the paint
  // that shows them: reading the scroll position then forces no layout of its own before the first bars.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the widths say when to measure again
  useEffect(() => {
    const cancel = afterPaint(measureVisibleTrack);
    return () => {
      cancel();
      clearTimeout(visibleTimer.current);
    };
  }, [measureVisibleTrack, cellWidth, timelineWidth]);
  const handleScrollToBar = useCallback(
    (offset: number) => {
      scrollRef.current?.scrollTo({ left: Math.max(0, offset - cellWidth / 4), behavior: 'smooth' });
    },
    [cellWidth],
  );

  const [showShadow, setShowShadow] = useState(false);
  const handleScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      const { scrollTop, clientHeight, scrollHeight } = event.currentTarget;
      setShowShadow(scrollTop > 0 && Math.ceil(scrollTop) + clientHeight < scrollHeight);
      clearTimeout(visibleTimer.current);
      visibleTimer.current = setTimeout(measureVisibleTrack, 120);
    },
    [measureVisibleTrack],
  );

  const context: EpicRowContext = useMemo(
    () => ({ ...rowContext, timeframe, cellWidth, leftWidth, onScrollToBar: handleScrollToBar }),
    [rowContext, timeframe, cellWidth, leftWidth, handleScrollToBar],
  );

  const resolveTooltip = useCallback(
    (element: HTMLElement): ReactNode | null => {
      const kind = element.dataset.tooltip;
      if (kind === 'epic-bar') {
        // The row is one of those drawn.
        const row = virtualizer
          .getVirtualItems()
          .map((item) => rows?.rowAt(item.index))
          .find((candidate) => candidate?.key === element.dataset.rowKey);
        if (row?.kind !== 'epic') return null;
        const progress = context.progressKind ? epicProgress(row.epic, context.progressKind) : null;
        return epicBarPopover(row.epic, timeframeText(row.epic), progress);
      }
      if (kind === 'milestone') {
        return (
          <>
            <strong className={styles.popoverTitle}>{element.dataset.title}</strong>
            <span>{element.dataset.type}</span>
            <span>{element.dataset.when}</span>
          </>
        );
      }
      return kind ?? null;
    },
    [rows, virtualizer, context.progressKind],
  );
  const tooltip = useRoadmapTooltip(scrollRef, resolveTooltip);

  // Row names are computed once per epic object (scrolling re-renders the visible rows' frames).
  const rowLabel = useMemo(() => {
    const cache = new WeakMap<object, string>();
    return (row: Extract<RoadmapRow, { kind: 'epic' }>) => {
      let label = cache.get(row.epic);
      if (label === undefined) {
        const progress = context.progressKind ? epicProgress(row.epic, context.progressKind) : null;
        label = epicBarLabel(row.epic, timeframeText(row.epic), progress);
        cache.set(row.epic, label);
      }
      return label;
    };
  }, [context.progressKind]);
  const innerWidth = leftWidth + timelineWidth + rightSpacing;
  const bodyMinHeight = Math.max(shellHeight - scrollMargin, rowHeight);
  const totalHeight = rows ? virtualizer.getTotalSize() : SKELETON_ROWS * rowHeight;

  return (
    <div className={styles.shellFrame}>
      <div
        ref={scrollRef}
        className={styles.shell}
        style={{ height: shellHeight, scrollPaddingTop: scrollMargin }}
        onScroll={handleScroll}
        data-testid="roadmap-shell"
        data-roadmap-scroll=""
      >
        <div
          className={styles.shellInner}
          style={{ width: innerWidth, '--roadmap-sticky-left': `${leftWidth}px` } as CSSProperties}
        >
          <TimelineHeader
            timeframe={timeframe}
            today={today}
            cellWidth={cellWidth}
            leftWidth={leftWidth}
            todayOffset={todayOffset}
            corner={listTitle}
          />
          <div className={styles.milestonesSticky} style={{ top: stickyTop }}>
            {layout.measured && renderMilestones?.({ cellWidth, leftWidth, shellHeight })}
          </div>
          <div
            ref={rowsRef}
            className={styles.body}
            style={{ height: Math.max(totalHeight, bodyMinHeight), width: innerWidth }}
          >
            <div
              className={styles.gridLines}
              style={{ left: leftWidth, width: timelineWidth, backgroundSize: `${cellWidth}px 100%` }}
              aria-hidden="true"
            />
            {todayOffset !== null && (
              <span className={styles.todayLine} style={{ left: leftWidth + todayOffset }} aria-hidden="true" />
            )}
            <div className={styles.bodyDetailsColumn} style={{ width: leftWidth }} />
            {!layout.measured ? null : rows === null ? (
              <div role="status" aria-label="Loading epics" className={styles.skeletonRows}>
                {Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                  <div key={index} className={styles.skeletonRow} style={{ height: rowHeight, width: innerWidth }}>
                    <span className={styles.skeletonText} style={{ width: leftWidth - 48 }} />
                    <span
                      className={styles.skeletonBar}
                      style={{ marginLeft: leftWidth + ((index * 97) % Math.max(timelineWidth - 240, 1)) }}
                    />
                  </div>
                ))}
              </div>
            ) : (
              <VisibleTrackContext.Provider value={visibleTrack}>
                <ul
                  className={styles.rows}
                  aria-label={listTitle}
                  onKeyDown={handleListKeyDown}
                  onFocus={handleListFocus}
                  onBlur={handleListBlur}
                >
                  {items.map((item) => {
                    const row = rows.rowAt(item.index);
                    if (!row) return null;
                    return (
                      <li
                        key={item.key}
                        className={styles.row}
                        aria-label={
                          row.kind === 'epic' ? rowLabel(row) : row.kind === 'placeholder' ? 'Loading epic' : undefined
                        }
                        aria-setsize={rows.count}
                        aria-posinset={item.index + 1}
                        style={{
                          height: rowHeight,
                          width: innerWidth,
                          transform: `translateY(${item.start - scrollMargin}px)`,
                        }}
                        data-kind={row.kind}
                        data-highlighted={highlightKey !== null && row.key === highlightKey ? '' : undefined}
                      >
                        <RowContent row={row} context={context} />
                      </li>
                    );
                  })}
                </ul>
              </VisibleTrackContext.Provider>
            )}
          </div>
        </div>
      </div>
      {showShadow && <div className={styles.bottomShadow} aria-hidden="true" />}
      <RoadmapTooltip id={tooltip.id} active={tooltip.active} />
    </div>
  );
});

function RowContent({ row, context }: { row: RoadmapRow; context: EpicRowContext }) {
  const indent = { width: context.leftWidth, paddingLeft: indentFor(row.level) };
  switch (row.kind) {
    case 'epic':
      return <EpicRow row={row} context={context} />;
    case 'placeholder':
      // Its window is on its way: a skeleton of the row's height (UI.md); the item is named 'Loading epic'.
      return (
        <div className={styles.messageRow} style={indent} aria-hidden="true">
          <span className={styles.skeletonText} style={{ width: context.leftWidth - 48 }} />
        </div>
      );
    case 'children-loading':
      return (
        <div className={styles.messageRow} style={indent} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          Loading child epics
        </div>
      );
    case 'children-error':
      return (
        <div className={styles.messageRow} style={indent}>
          <Icon name="error" />
          Something went wrong while fetching child epics
        </div>
      );
    case 'children-empty':
      return (
        <div className={styles.messageRow} style={indent}>
          <Icon name="info" />
          No child epics match applied filters
        </div>
      );
    case 'children-outside':
      return (
        <div className={styles.messageRow} style={indent}>
          <Icon name="info" />
          {row.count === 1 ? '1 child epic outside this timeframe' : `${row.count} child epics outside this timeframe`}
        </div>
      );
    case 'loading-more':
      return (
        <div className={styles.messageRow} style={indent} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          Loading epics
        </div>
      );
  }
}
