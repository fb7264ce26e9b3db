import { type DragEvent, type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { csrfFetch } from '../../lib/csrf.ts';
import { Icon } from '../ui/icon.tsx';
import styles from './issuable-list.module.css';
import { handleRowKeyDown, ROW_FOCUS_ATTRIBUTE } from './use-row-keyboard.ts';

const numericId = (gid: string) => Number(gid.split('/').pop());

/**
 * Where a row moved from `from` to `to` lands, as GitLab's lists send it: the row now above it
 * (`move_before_id`) and the one below (`move_after_id`), null at either end.
 */
export function reorderNeighbours(ids: readonly string[], from: number, to: number) {
  const rest = ids.filter((_, index) => index !== from);
  const moved = ids[from];
  if (moved === undefined || from === to) return null;
  const order = [...rest.slice(0, to), moved, ...rest.slice(to)];
  return { before: order[to - 1] ?? null, after: order[to + 1] ?? null };
}

/** What a reorderable row spreads on its `<li>`. */
export type ReorderRowProps = {
  draggable: boolean;
  className?: string;
  'data-reorder-index'?: number;
  onDragStart?: (event: DragEvent<HTMLLIElement>) => void;
  onDragOver?: (event: DragEvent<HTMLLIElement>) => void;
  onDrop?: (event: DragEvent<HTMLLIElement>) => void;
  onDragEnd?: () => void;
  onPointerDown?: (event: PointerEvent<HTMLLIElement>) => void;
  onPointerMove?: (event: PointerEvent<HTMLLIElement>) => void;
  onPointerUp?: (event: PointerEvent<HTMLLIElement>) => void;
  onPointerCancel?: (event: PointerEvent<HTMLLIElement>) => void;
};

/** The attribute of the grip: a touch that starts on it drags the row. */
const HANDLE_ATTRIBUTE = 'data-drag-handle';
/** How close to the window's top or bottom edge (px) a dragging finger scrolls the page. */
const EDGE_PX = 64;
const EDGE_STEP_PX = 16;

/** The row (its index) under a point of the viewport, if it is a row of `list`. */
function rowAt(list: Element | null, x: number, y: number): number | null {
  const row = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-reorder-index]');
  if (!row || !list || row.parentElement !== list) return null;
  const index = Number(row.dataset.reorderIndex);
  return Number.isInteger(index) ? index : null;
}

type Row = { id: string; webPath: string };

/**
 * The manual order of a list page (the issue lists and the epics list): drag a row with the mouse,
 * drag its grip with a finger or a pen (HTML drag and drop has no touch), or press Alt+ArrowUp /
 * Alt+ArrowDown on its title, to move it; the move is sent as GitLab's list sends it
 * (`PUT <row's path>/reorder` with `move_before_id` / `move_after_id`) and the page is read again.
 * Other keys move the focus through the rows.
 */
export function useManualReorder({
  rows,
  enabled,
  errorMessage,
  onReordered,
}: {
  rows: readonly Row[];
  /** The list is in manual order and the viewer may reorder (rows may still opt out). */
  enabled: boolean;
  /** GitLab's message when a move fails. */
  errorMessage: string;
  onReordered: () => Promise<unknown>;
}) {
  const { pushAlert } = useAlerts();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // The touch (or pen) dragging a grip: its pointer, and the row it would land on so far.
  const touch = useRef<{ pointerId: number; from: number; over: number } | null>(null);
  const ids = rows.map((row) => row.id);

  const endDrag = () => {
    touch.current = null;
    setDragging(null);
    setOver(null);
  };

  const move = async (from: number, to: number) => {
    const neighbours = reorderNeighbours(ids, from, to);
    const row = rows[from];
    if (!neighbours || !row) return;
    const response = await csrfFetch(`${row.webPath}/reorder`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        move_before_id: neighbours.before ? numericId(neighbours.before) : null,
        move_after_id: neighbours.after ? numericId(neighbours.after) : null,
      }),
    }).catch(() => null);
    if (!response?.ok) pushAlert({ variant: 'danger', message: errorMessage });
    await onReordered();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (enabled && event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      const list = event.currentTarget;
      const links = [...list.querySelectorAll<HTMLElement>(`[${ROW_FOCUS_ATTRIBUTE}]`)];
      const from = links.indexOf(event.target as HTMLElement);
      const to = event.key === 'ArrowUp' ? from - 1 : from + 1;
      if (from >= 0 && to >= 0 && to < ids.length) {
        event.preventDefault();
        void move(from, to).then(() => {
          list.querySelectorAll<HTMLElement>(`[${ROW_FOCUS_ATTRIBUTE}]`)[to]?.focus();
        });
      }
      return;
    }
    handleRowKeyDown(event);
  };

  const rowProps = (index: number, allowed = true): ReorderRowProps => {
    if (!enabled || !allowed) return { draggable: false };
    return {
      draggable: true,
      'data-reorder-index': index,
      className: [
        styles.draggable,
        dragging === index && styles.dragging,
        dragging !== null && over === index && over !== dragging && styles.dropTarget,
      ]
        .filter(Boolean)
        .join(' '),
      onDragStart: (event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', ids[index] ?? '');
        setDragging(index);
      },
      onDragOver: (event) => {
        if (dragging === null) return;
        event.preventDefault();
        setOver(index);
      },
      onDrop: (event) => {
        event.preventDefault();
        const from = dragging;
        setDragging(null);
        setOver(null);
        if (from !== null) void move(from, index);
      },
      onDragEnd: endDrag,
      // Touch and pen: a press on the grip picks the row up, the finger's row is where it lands.
      onPointerDown: (event) => {
        if (event.pointerType === 'mouse' || touch.current) return;
        if (!(event.target as Element).closest(`[${HANDLE_ATTRIBUTE}]`)) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        touch.current = { pointerId: event.pointerId, from: index, over: index };
        setDragging(index);
        setOver(index);
      },
      onPointerMove: (event) => {
        const drag = touch.current;
        if (drag?.pointerId !== event.pointerId) return;
        event.preventDefault();
        if (event.clientY < EDGE_PX) window.scrollBy(0, -EDGE_STEP_PX);
        else if (event.clientY > window.innerHeight - EDGE_PX) window.scrollBy(0, EDGE_STEP_PX);
        const target = rowAt(event.currentTarget.parentElement, event.clientX, event.clientY);
        if (target === null || target === drag.over) return;
        drag.over = target;
        setOver(target);
      },
      onPointerUp: (event) => {
        const drag = touch.current;
        if (drag?.pointerId !== event.pointerId) return;
        endDrag();
        if (drag.over !== drag.from) void move(drag.from, drag.over);
      },
      onPointerCancel: (event) => {
        if (touch.current?.pointerId === event.pointerId) endDrag();
      },
    };
  };

  return { handleKeyDown, rowProps };
}

/** The grip shown on a row that can be dragged (with a finger: the part of the row that drags). */
export function DragHandle() {
  return (
    <span className={styles.dragHandle} aria-hidden="true" title="Drag to reorder" {...{ [HANDLE_ATTRIBUTE]: '' }}>
      <Icon name="menu" size={14} />
    </span>
  );
}

/** The screen-reader hint a reorderable list points to with `aria-describedby`. */
export function ReorderHint({ id, what }: { id: string; what: string }) {
  return (
    <p id={id} className="visually-hidden">
      Drag {what}, or press Alt and an arrow key on its title, to move it.
    </p>
  );
}
