import { type LineRange, parseSourcepos, sourceLine, type TaskToggle } from '@milepost/shared';
import { type DragEvent, type PointerEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '../../../components/ui/icon.tsx';
import { ServerHtml } from '../../issuables/server-html.tsx';
import { TaskItemActions } from './task-item-actions.tsx';
import styles from './task-list-html.module.css';

export type TaskListHandlers = {
  /** A checkbox was toggled: save it (GitLab's `update_task`). */
  onToggle: (toggle: TaskToggle) => void;
  /** Item `from` of the list whose items span `items` moved to `to`: save the reordered source. */
  onMove: (items: LineRange[], from: number, to: number) => void;
  /** 'Convert to child item' on the task at these lines; absent: the menu does not offer it. */
  onConvert?: (range: LineRange) => void;
  /** 'Delete' on the task at these lines. */
  onDelete: (range: LineRange) => void;
};

type TaskListHtmlProps = {
  /** The server's rendering of `source` (lists and items carry `data-sourcepos`). */
  html: string;
  /** The markdown the HTML was rendered from: the lines `data-sourcepos` counts. */
  source: string;
  className?: string;
  /** Whether the viewer may edit; without it the HTML is shown as it is (checkboxes disabled). */
  editable: boolean;
  /** A save is running: the controls wait. */
  busy: boolean;
  handlers: TaskListHandlers;
};

/** A task item's menu place; `list`: its list's items and its position there (lists of 2 or more). */
type Slot = { key: string; element: HTMLElement; range: LineRange; list?: { items: LineRange[]; index: number } };
type Handle = { key: string; element: HTMLElement; label: string };

const itemsOf = (list: Element) =>
  [...list.children].filter((c): c is HTMLLIElement => c instanceof HTMLLIElement && !!c.dataset.sourcepos);

/** The text of a list item, for names (its first line, without nested lists). */
function itemText(item: HTMLLIElement): string {
  const clone = item.cloneNode(true) as HTMLLIElement;
  for (const nested of clone.querySelectorAll('ul, ol, [data-task-list-ui]')) nested.remove();
  return (clone.textContent ?? '').trim().slice(0, 80) || 'list item';
}

/**
 * Rendered markdown with GitLab's task-list behaviour for users who may edit it (spec 001 §2.5):
 * checkboxes that toggle, a drag handle on each item of a list of more than one item, and an
 * actions menu on each task item ('Convert to child item' where offered, 'Delete'). What changes is
 * computed on the markdown by line (shared's task-list functions); the page saves it.
 */
export function TaskListHtml({ html, source, className, editable, busy, handlers }: TaskListHtmlProps) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [slots, setSlots] = useState<Slot[]>([]);
  const [handles, setHandles] = useState<Handle[]>([]);
  const latest = useRef({ source, handlers, busy });
  latest.current = { source, handlers, busy };
  const dragged = useRef<{ list: Element; from: number } | null>(null);
  const generation = useRef(0);

  // Enable the checkboxes, add the handles' and menus' places; again whenever the HTML changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `html` replaced the element's content
  useLayoutEffect(() => {
    if (!container) return;
    if (!editable) {
      setSlots([]);
      setHandles([]);
      return;
    }
    generation.current += 1;
    const key = (kind: string, i: number) => `${kind}-${generation.current}-${i}`;
    const nextSlots: Slot[] = [];
    const nextHandles: Handle[] = [];
    for (const list of container.querySelectorAll('ul[data-sourcepos], ol[data-sourcepos]')) {
      const items = itemsOf(list);
      if (items.length < 2) continue;
      for (const item of items) {
        const element = document.createElement('span');
        element.className = styles.handle as string;
        element.dataset.taskListUi = '';
        element.draggable = true;
        item.prepend(element);
        item.classList.add(styles.draggable as string);
        nextHandles.push({ key: key('handle', nextHandles.length), element, label: `Move ${itemText(item)}` });
      }
    }
    for (const item of container.querySelectorAll<HTMLLIElement>('li.task-list-item:not(.inapplicable)')) {
      const range = parseSourcepos(item.dataset.sourcepos);
      if (!range || item.closest('table')) continue;
      const element = document.createElement('span');
      element.className = styles.actions as string;
      element.dataset.taskListUi = '';
      const nested = [...item.children].find((c) => c.tagName === 'UL' || c.tagName === 'OL');
      const paragraph = [...item.children].find((c) => c.tagName === 'P');
      if (paragraph) paragraph.append(element);
      else if (nested) nested.before(element);
      else item.append(element);
      const siblings = item.parentElement ? itemsOf(item.parentElement) : [];
      const items = siblings.map((li) => parseSourcepos(li.dataset.sourcepos)).filter((r): r is LineRange => !!r);
      const list =
        items.length > 1 && items.length === siblings.length ? { items, index: siblings.indexOf(item) } : undefined;
      nextSlots.push({ key: key('slot', nextSlots.length), element, range, list });
    }
    setSlots(nextSlots);
    setHandles(nextHandles);
    return () => {
      for (const ui of container.querySelectorAll('[data-task-list-ui]')) ui.remove();
    };
  }, [container, editable, html]);

  // Checkboxes follow `busy` (disabled while a save runs) and, once it is over, the source: a
  // refused toggle shows the saved state again even when the HTML did not change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `html` replaced the checkboxes
  useLayoutEffect(() => {
    if (!container) return;
    for (const box of container.querySelectorAll<HTMLInputElement>('input.task-list-item-checkbox')) {
      const item = box.closest('li');
      const range = parseSourcepos(item?.dataset.sourcepos);
      box.disabled = !editable || busy || !range || !!item?.classList.contains('inapplicable');
      const line = range ? sourceLine(source, range.start) : undefined;
      if (!busy && line !== undefined) box.checked = /^[^[]*\[[xX]\]/.test(line);
    }
  }, [container, editable, busy, html, source]);

  const handleChange = useCallback((event: Event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.classList.contains('task-list-item-checkbox')) return;
    const range = parseSourcepos(box.closest('li')?.dataset.sourcepos);
    if (!range) return;
    const { source: text, handlers: h } = latest.current;
    h.onToggle({ lineNumber: range.start, lineSource: sourceLine(text, range.start) ?? '', checked: box.checked });
  }, []);

  useLayoutEffect(() => {
    if (!container) return;
    container.addEventListener('change', handleChange);
    return () => container.removeEventListener('change', handleChange);
  }, [container, handleChange]);

  const handleDragStart = (event: DragEvent<HTMLDivElement>) => {
    const item = startDrag(event.target);
    if (!item) return;
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', itemText(item as HTMLLIElement));
    event.dataTransfer.setDragImage(item, 0, 0);
  };

  /** The item of the dragged list at `at` (a nested item stands for its parent), and its index. */
  const targetOf = (at: EventTarget | null) => {
    const drag = dragged.current;
    const target = at instanceof Element ? at.closest('li') : null;
    if (!drag || !target) return null;
    let item: Element | null = target;
    while (item && item.parentElement !== drag.list) item = item.parentElement?.closest('li') ?? null;
    return item ? { drag, to: itemsOf(drag.list).indexOf(item as HTMLLIElement), item } : null;
  };

  /** Saves the move of the dragged item to `found`'s place (nothing when it is where it was). */
  const dropAt = (found: ReturnType<typeof targetOf>) => {
    clearDropMarks();
    dragged.current = null;
    if (!found) return;
    const ranges = itemsOf(found.drag.list)
      .map((li) => parseSourcepos(li.dataset.sourcepos))
      .filter((r): r is LineRange => r !== null);
    if (found.to !== found.drag.from) latest.current.handlers.onMove(ranges, found.drag.from, found.to);
  };

  /** Starts dragging the item of the handle at `at` (none while a save runs). */
  const startDrag = (at: EventTarget | null): HTMLElement | null => {
    const handle = at instanceof HTMLElement ? at.closest<HTMLElement>(`.${styles.handle}`) : null;
    const item = handle?.parentElement;
    const list = item?.parentElement;
    if (!handle || !item || !list || latest.current.busy) return null;
    dragged.current = { list, from: itemsOf(list).indexOf(item as HTMLLIElement) };
    return item;
  };

  const clearDropMarks = () => {
    for (const marked of container?.querySelectorAll(`.${styles.dropTarget}`) ?? []) {
      marked.classList.remove(styles.dropTarget as string);
    }
  };

  /** Marks the item the dragged one would take the place of. */
  const markTarget = (found: ReturnType<typeof targetOf>) => {
    clearDropMarks();
    found?.item.classList.add(styles.dropTarget as string);
  };

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    const found = targetOf(event.target);
    if (!found) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    markTarget(found);
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    const found = targetOf(event.target);
    if (found) event.preventDefault();
    dropAt(found);
  };

  // Touch screens fire no HTML drag events: a finger on a handle drags with pointer events instead
  // (the handle takes no scrolling, `touch-action: none`), the item under the finger marked.
  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' || !startDrag(event.target)) return;
    event.preventDefault();
    (event.target as Element).setPointerCapture?.(event.pointerId);
  };
  const underFinger = (event: PointerEvent<HTMLDivElement>) =>
    targetOf(document.elementFromPoint(event.clientX, event.clientY));
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' || !dragged.current) return;
    markTarget(underFinger(event));
  };
  const handlePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' || !dragged.current) return;
    dropAt(underFinger(event));
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: drag and drop of list items by their handles (mouse and touch; the ⋮ menu's Move up/down for keyboards)
    <div
      className={styles.container}
      onDragStart={editable ? handleDragStart : undefined}
      onDragOver={editable ? handleDragOver : undefined}
      onDrop={editable ? handleDrop : undefined}
      onDragEnd={() => {
        clearDropMarks();
        dragged.current = null;
      }}
      onPointerDown={editable ? handlePointerDown : undefined}
      onPointerMove={editable ? handlePointerMove : undefined}
      onPointerUp={editable ? handlePointerUp : undefined}
      onPointerCancel={(event) => {
        // A mouse drag that becomes an HTML drag cancels its pointer: that drag goes on.
        if (event.pointerType === 'mouse') return;
        clearDropMarks();
        dragged.current = null;
      }}
      data-busy={busy || undefined}
      data-task-list=""
    >
      <ServerHtml html={html} className={className} ref={setContainer} />
      {handles.map((handle) =>
        createPortal(
          <span title={handle.label} className={styles.grip}>
            <Icon name="grip" size={14} />
          </span>,
          handle.element,
          handle.key,
        ),
      )}
      {slots.map((slot) =>
        createPortal(
          <TaskItemActions
            isDisabled={busy}
            onConvert={handlers.onConvert ? () => handlers.onConvert?.(slot.range) : undefined}
            onDelete={() => handlers.onDelete(slot.range)}
            onMoveUp={
              slot.list && slot.list.index > 0
                ? () => slot.list && handlers.onMove(slot.list.items, slot.list.index, slot.list.index - 1)
                : undefined
            }
            onMoveDown={
              slot.list && slot.list.index < slot.list.items.length - 1
                ? () => slot.list && handlers.onMove(slot.list.items, slot.list.index, slot.list.index + 1)
                : undefined
            }
          />,
          slot.element,
          slot.key,
        ),
      )}
    </div>
  );
}
