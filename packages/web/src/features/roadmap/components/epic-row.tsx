import {
  barGeometry,
  childEpicCountText,
  epicProgress,
  labelSwatchColor,
  type ProgressTracking,
  type Timeframe,
  timeframeText,
} from '@milepost/shared';
import { createContext, type MouseEvent, memo, useContext, useSyncExternalStore } from 'react';
import { ROW_FOCUS_ATTRIBUTE } from '../../../components/issuable-list/use-row-keyboard.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { featureSwitches } from '../../../lib/instance-settings.ts';
import styles from '../roadmap.module.css';
import { readableTextColor } from '../utils/readable-text-color.ts';
import type { RoadmapRow } from '../utils/roadmap-rows.ts';
import { BlockedEpicIcon } from './blocked-epic-icon.tsx';
import { EpicBar, PERCENT_LABEL_WIDTH } from './epic-bar.tsx';
import { HintIcon } from './hint-icon.tsx';

export type EpicRowContext = {
  timeframe: Timeframe;
  cellWidth: number;
  leftWidth: number;
  /** Scrolls the timeline so that a bar starting at `offset` (track pixels) is in view. */
  onScrollToBar: (offset: number) => void;
  /** The roadmap's group: epics of other groups show their group name when they have no parent. */
  groupFullPath: string;
  progressKind: ProgressTracking | null;
  showLabels: boolean;
  hasFiltersApplied: boolean;
  onToggle: (epicId: string) => void;
  onLabelClick: (title: string) => void;
  onLinkClick: (event: MouseEvent<HTMLAnchorElement>) => void;
};

type EpicRowData = Extract<RoadmapRow, { kind: 'epic' }>;

/** Width of the arrow marker of a bar out of view. */
const MARKER_WIDTH = 24;

/** The part of the timeline in view (track pixels); null until measured. */
export type VisibleTrack = { start: number; end: number } | null;

/**
 * The part of the timeline in view, measured by the shell when scrolling pauses. Only the markers
 * read it (a store, not the rows' context): a horizontal scroll re-renders the markers, not the rows.
 */
export class VisibleTrackStore {
  private value: VisibleTrack = null;
  private readonly listeners = new Set<() => void>();

  get = (): VisibleTrack => this.value;

  set(next: NonNullable<VisibleTrack>): void {
    if (this.value?.start === next.start && this.value.end === next.end) return;
    this.value = next;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

const noTrack = new VisibleTrackStore();
export const VisibleTrackContext = createContext<VisibleTrackStore>(noTrack);

/**
 * An arrow at the edge of the visible timeline when the row's bar lies wholly left or right of it;
 * pressing it scrolls the bar into view. (Keyboard users reach the bar itself, which scrolls into
 * view on focus, so the marker is no tab stop.)
 */
function OffViewMarker({
  title,
  offset,
  width,
  onScrollToBar,
}: {
  title: string;
  offset: number;
  width: number;
  onScrollToBar: (offset: number) => void;
}) {
  const store = useContext(VisibleTrackContext);
  const visible = useSyncExternalStore(store.subscribe, store.get, store.get);
  if (!visible) return null;
  const side = offset + width <= visible.start ? 'left' : offset >= visible.end ? 'right' : null;
  if (!side) return null;
  return (
    <button
      type="button"
      tabIndex={-1}
      className={styles.offViewMarker}
      data-side={side}
      style={{ left: side === 'left' ? visible.start + 4 : visible.end - MARKER_WIDTH - 4 }}
      aria-label={`Scroll to ${title}`}
      title={`Scroll to ${title}`}
      onClick={() => onScrollToBar(offset)}
    >
      <Icon name={side === 'left' ? 'chevron-left' : 'chevron-right'} size={12} />
    </button>
  );
}

type EpicRowProps = { row: EpicRowData; context: EpicRowContext };

/** Padding of a row's details for its nesting level. */
export function indentFor(level: number): string {
  return `calc(var(--space-2) + ${(level - 1) * 16}px)`;
}

/** The child epic count the row shows: its direct child epics (open and closed) the viewer can see. */
export function childEpicCount(epic: Pick<EpicRowData['epic'], 'childrenCount'>): number {
  return epic.childrenCount;
}

/** 'N outside this timeframe': direct child epics the timeline does not reach; null when none. */
export function outsideTimeframeText(
  epic: Pick<EpicRowData['epic'], 'childrenCount' | 'childrenCountWithinTimeframe'>,
): string | null {
  const outside = epic.childrenCount - epic.childrenCountWithinTimeframe;
  return outside > 0 ? `${outside} outside this timeframe` : null;
}

/**
 * One epic: the details column (expander, title, group, dates, labels, child count) and its bar.
 * Plain elements only (no per-row hooks but the off-view marker's), so thousands of rows scroll smoothly.
 */
export const EpicRow = memo(
  function EpicRow({ row, context }: EpicRowProps) {
    const { epic, dates, level, isExpanded, key } = row;
    const { timeframe, cellWidth, leftWidth, progressKind } = context;
    const geometry = barGeometry(dates, timeframe, cellWidth);
    const progress = progressKind ? epicProgress(epic, progressKind) : null;
    const when = timeframeText(epic);
    // Spec 000: the child epic count shows only when sub-epics are allowed.
    const childCount = featureSwitches().subEpics ? childEpicCount(epic) : null;
    const childCountText = childEpicCountText(childCount);
    const outsideText = childCount === null ? null : outsideTimeframeText(epic);
    const showGroup = epic.group.fullPath !== context.groupFullPath && !epic.parent;
    const labels = context.showLabels ? (epic.labels?.nodes ?? []) : [];

    return (
      <div className={styles.rowInner}>
        <div className={styles.details} style={{ width: leftWidth, paddingLeft: indentFor(level) }}>
          <div className={styles.expander}>
            {childCount !== null && childCount > 0 && (
              <button
                type="button"
                className={styles.iconButton}
                aria-label={isExpanded ? 'Collapse' : 'Expand'}
                aria-expanded={isExpanded}
                onClick={() => context.onToggle(epic.id)}
              >
                <Icon name={isExpanded ? 'chevron-down' : 'chevron-right'} />
              </button>
            )}
          </div>
          <div className={styles.detailsText}>
            <div className={styles.titleLine}>
              <a
                href={epic.webPath}
                className={styles.epicTitle}
                onClick={context.onLinkClick}
                {...{ [ROW_FOCUS_ATTRIBUTE]: '' }}
              >
                {epic.title}
              </a>
              {epic.blocked && <BlockedEpicIcon epic={epic} />}
            </div>
            <div className={styles.meta}>
              {showGroup && <span className={styles.metaGroup}>{epic.group.name}</span>}
              <span className={styles.metaDates}>{when}</span>
              {childCountText && (
                <span className={styles.metaCount}>
                  <Icon name="epic" size={12} />
                  {childCountText}
                  {context.hasFiltersApplied && childCount !== 0 && (
                    <HintIcon text="Some child epics may be hidden due to applied filters" />
                  )}
                </span>
              )}
              {outsideText && <span className={styles.metaOutside}>{outsideText}</span>}
            </div>
            {labels.length > 0 && (
              <div className={styles.labels}>
                {labels.map((label) => {
                  const background = labelSwatchColor(label.color);
                  return (
                    <button
                      type="button"
                      key={label.id}
                      className={styles.label}
                      style={
                        background
                          ? { backgroundColor: background, color: readableTextColor(background, label.textColor) }
                          : undefined
                      }
                      aria-label={`Filter by label ${label.title}`}
                      onClick={() => context.onLabelClick(label.title)}
                    >
                      {label.title}
                    </button>
                  );
                })}
              </div>
            )}
          </div>
        </div>
        <div className={styles.track} style={{ width: timeframe.periods.length * cellWidth }}>
          <EpicBar
            epic={epic}
            dates={dates}
            geometry={geometry}
            when={when}
            progress={progress}
            rowKey={key}
            onLinkClick={context.onLinkClick}
          />
          <OffViewMarker
            title={epic.title ?? ''}
            offset={geometry.offset}
            width={Math.max(geometry.width, 1)}
            onScrollToBar={context.onScrollToBar}
          />
          {progress?.percentage != null &&
            geometry.offset + geometry.width + PERCENT_LABEL_WIDTH <= timeframe.periods.length * cellWidth && (
              <span
                className={styles.barPercent}
                style={{ left: geometry.offset + Math.max(geometry.width, 1) }}
                aria-hidden="true"
              >
                {progress.percentage}%
              </span>
            )}
        </div>
      </div>
    );
  },
  // Rows are rebuilt when a page arrives; an unchanged epic keeps its object, so compare fields.
  (a, b) =>
    a.context === b.context &&
    a.row.epic === b.row.epic &&
    a.row.level === b.row.level &&
    a.row.isExpanded === b.row.isExpanded &&
    a.row.key === b.row.key,
);
