import { epicProgress, PROGRESS_TRACKING, timeAgo } from '@milepost/shared';
import { Link } from 'react-router';
import { hoverCardAttributes } from '../../../components/hover-card/hover-card-target.ts';
import { DragHandle, type ReorderRowProps } from '../../../components/issuable-list/manual-reorder.tsx';
import { ROW_FOCUS_ATTRIBUTE } from '../../../components/issuable-list/use-row-keyboard.ts';
import { LabelChip } from '../../../components/planning/label-picker-chip.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import type { EpicsListEpicFragment } from '../../../gql/graphql.ts';
import { formatCalendarDate } from '../../../lib/format-date.ts';
import { absoluteTime } from '../../issuables/format-created.ts';
import styles from './epics-list.module.css';

/** 'Jan 1, 2026 – Mar 31, 2026', 'No start date – Mar 31, 2026', 'Jan 1, 2026 – No due date'; '' without dates. */
export function epicTimeframeText(startDate: string | null, dueDate: string | null): string {
  if (!startDate && !dueDate) return '';
  const start = startDate ? formatCalendarDate(startDate) : 'No start date';
  const due = dueDate ? formatCalendarDate(dueDate) : 'No due date';
  return `${start} – ${due}`;
}

/** `&5` for an epic of the list's group, `platform/web&5` (relative to it) for a subgroup's. */
export function epicListReference(epic: Pick<EpicsListEpicFragment, 'iid' | 'reference' | 'group'>, groupPath: string) {
  if (epic.group.fullPath === groupPath) return `&${epic.iid}`;
  return epic.reference.startsWith(`${groupPath}/`) ? epic.reference.slice(groupPath.length + 1) : epic.reference;
}

function Time({ prefix, value }: { prefix: string; value: string | null }) {
  const relative = timeAgo(value);
  if (!value || !relative) return null;
  return (
    <span>
      {prefix}{' '}
      <time dateTime={value} title={absoluteTime(value)}>
        {relative}
      </time>
    </span>
  );
}

type EpicsListRowProps = {
  epic: EpicsListEpicFragment;
  /** The list's group: references are written relative to it. */
  groupPath: string;
  /** The link that filters the list by a label. */
  labelHref: (title: string) => string;
  /** Manual order: what makes the row draggable (and a drop target). */
  reorder?: ReorderRowProps;
};

/**
 * One epic: confidential icon, title, labels; reference, dates, created by; on the right its
 * state, child epic and issue counts, progress by weight and the last update.
 */
export function EpicsListRow({ epic, groupPath, labelHref, reorder = { draggable: false } }: EpicsListRowProps) {
  const counts = epic.descendantCounts;
  const childEpics = counts ? counts.openedEpics + counts.closedEpics : 0;
  const childIssues = counts ? counts.openedIssues + counts.closedIssues : 0;
  const progress = epicProgress(epic, PROGRESS_TRACKING.WEIGHT);
  const timeframe = epicTimeframeText(epic.startDate, epic.dueDate);
  const labels = epic.labels?.nodes ?? [];
  const closed = epic.state === 'closed';
  return (
    <li {...reorder} className={[styles.row, reorder.className].filter(Boolean).join(' ')} data-testid="epics-list-row">
      {reorder.draggable && <DragHandle />}
      <div className={styles.main}>
        <div className={styles.titleLine}>
          {epic.confidential && (
            <span className={styles.confidential}>
              <Icon name="eye-slash" label="Confidential" />
            </span>
          )}
          <Link to={epic.webPath} className={styles.title} {...{ [ROW_FOCUS_ATTRIBUTE]: '' }}>
            {epic.title}
          </Link>
          {labels.length > 0 && (
            <ul className={styles.labels} aria-label="Labels">
              {labels.map((label) => (
                <li key={label.id}>
                  <Link
                    to={labelHref(label.title)}
                    className={styles.labelLink}
                    aria-label={`Filter by label ${label.title}`}
                  >
                    <LabelChip label={label} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={styles.meta}>
          <span className={styles.reference}>{epicListReference(epic, groupPath)}</span>
          {timeframe && (
            <span className={styles.timeframe}>
              <Icon name="calendar" />
              {timeframe}
            </span>
          )}
          <span>
            <Time prefix="created" value={epic.createdAt} />
            {epic.author && (
              <>
                {' by '}
                <a
                  href={epic.author.webPath}
                  className={styles.author}
                  {...hoverCardAttributes({ kind: 'user', username: epic.author.username })}
                >
                  {epic.author.name}
                </a>
              </>
            )}
          </span>
        </div>
      </div>
      <div className={styles.aside}>
        {closed && <span className={styles.closed}>Closed</span>}
        <span className={styles.stats}>
          <span className={styles.stat} title={`${childEpics} child epics`}>
            <Icon name="epic" label="Child epics" />
            {childEpics}
          </span>
          <span className={styles.stat} title={`${childIssues} child issues`}>
            <Icon name="issues" label="Child issues" />
            {childIssues}
          </span>
          <span className={styles.progress} title={progress.detail}>
            <span
              className={styles.progressTrack}
              role="progressbar"
              aria-label={progress.title}
              aria-valuenow={progress.percentage ?? 0}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <span className={styles.progressFill} style={{ width: `${progress.percentage ?? 0}%` }} />
            </span>
            <span className={styles.progressText}>{progress.percentage ?? 0}%</span>
          </span>
        </span>
        <span className={styles.updated}>
          {closed && epic.closedAt ? (
            <Time prefix="closed" value={epic.closedAt} />
          ) : (
            <Time prefix="updated" value={epic.updatedAt} />
          )}
        </span>
      </div>
    </li>
  );
}
