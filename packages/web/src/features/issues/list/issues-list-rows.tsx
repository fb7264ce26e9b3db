import { type KeyboardEvent, useState } from 'react';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import type { IssuesListIssueFragment } from '../../../gql/graphql.ts';
import { csrfFetch } from '../../../lib/csrf.ts';
import { IssueRow, localToday } from './issue-row.tsx';
import styles from './issues-list.module.css';
import { handleRowsKeyDown } from './issues-list-page.tsx';

/** GitLab's message when a manual move fails. */
export const REORDER_ERROR = 'An error occurred while reordering issues.';

const numericId = (gid: string) => gid.split('/').pop() ?? '';

/**
 * Where an issue moved from `from` to `to` lands, as GitLab's list sends it: the issue now above it
 * (`move_before_id`) and the one below (`move_after_id`), null at either end.
 */
export function reorderNeighbours(ids: readonly string[], from: number, to: number) {
  const rest = ids.filter((_, index) => index !== from);
  const moved = ids[from];
  if (moved === undefined || from === to) return null;
  const order = [...rest.slice(0, to), moved, ...rest.slice(to)];
  return { before: order[to - 1] ?? null, after: order[to + 1] ?? null };
}

type IssuesListRowsProps = {
  issues: readonly IssuesListIssueFragment[];
  fullReference: boolean;
  onLabelClick: (title: string) => void;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelectedChange: (id: string, selected: boolean) => void;
  /** Manual sort: drag rows, or Alt+ArrowUp/ArrowDown on a focused row, to move them. */
  reorderable: boolean;
  onReordered: () => Promise<void>;
};

export function IssuesListRows({
  issues,
  fullReference,
  onLabelClick,
  selectable,
  selected,
  onSelectedChange,
  reorderable,
  onReordered,
}: IssuesListRowsProps) {
  const today = localToday();
  const { pushAlert } = useAlerts();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const ids = issues.map((issue) => issue.id);

  const move = async (from: number, to: number) => {
    const neighbours = reorderNeighbours(ids, from, to);
    const issue = issues[from];
    if (!neighbours || !issue) return;
    const response = await csrfFetch(`${issue.webPath}/reorder`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        move_before_id: neighbours.before ? Number(numericId(neighbours.before)) : null,
        move_after_id: neighbours.after ? Number(numericId(neighbours.after)) : null,
      }),
    }).catch(() => null);
    if (!response?.ok) pushAlert({ variant: 'danger', message: REORDER_ERROR });
    await onReordered();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (reorderable && event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      const row = (document.activeElement as HTMLElement | null)?.closest('li');
      const from = row ? [...event.currentTarget.children].indexOf(row) : -1;
      const to = event.key === 'ArrowUp' ? from - 1 : from + 1;
      if (from >= 0 && to >= 0 && to < ids.length) {
        event.preventDefault();
        void move(from, to).then(() => {
          const link = event.currentTarget?.querySelectorAll<HTMLElement>('[data-row-link]')[to];
          link?.focus();
        });
      }
      return;
    }
    handleRowsKeyDown(event);
  };

  return (
    <>
      <ul
        className={styles.rows}
        aria-label="Issues"
        onKeyDown={handleKeyDown}
        aria-describedby={reorderable ? 'issues-reorder-hint' : undefined}
      >
        {issues.map((issue, index) => (
          <IssueRow
            key={issue.id}
            issue={issue}
            fullReference={fullReference}
            today={today}
            onLabelClick={onLabelClick}
            selectable={selectable}
            selected={selected.has(issue.id)}
            onSelectedChange={(on) => onSelectedChange(issue.id, on)}
            draggable={reorderable}
            dropTarget={dragging !== null && over === index && over !== dragging}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', issue.id);
              setDragging(index);
            }}
            onDragOver={(event) => {
              if (dragging === null) return;
              event.preventDefault();
              setOver(index);
            }}
            onDrop={(event) => {
              event.preventDefault();
              const from = dragging;
              setDragging(null);
              setOver(null);
              if (from !== null) void move(from, index);
            }}
          />
        ))}
      </ul>
      {reorderable && (
        <p id="issues-reorder-hint" className="visually-hidden">
          Drag an issue, or press Alt and an arrow key on its title, to move it.
        </p>
      )}
    </>
  );
}
