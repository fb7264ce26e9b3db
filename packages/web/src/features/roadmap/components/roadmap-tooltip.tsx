import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import styles from '../roadmap.module.css';

/** What an element with `data-tooltip` shows: its content, resolved when it is hovered or focused. */
export type TooltipResolver = (element: HTMLElement) => ReactNode | null;

type Active = { element: HTMLElement; content: ReactNode };

const SHOW_DELAY_MS = 300;
const GAP = 6;

/**
 * One popover for every bar, milestone and hint of the roadmap: shown after a short delay on hover
 * and at once on keyboard focus of an element carrying `data-tooltip`, hidden on leave, blur,
 * scroll and Escape. A single delegated listener keeps thousands of rows free of per-row hooks;
 * while shown, the element is described by the popover (`aria-describedby`).
 */
export function useRoadmapTooltip(containerRef: RefObject<HTMLElement | null>, resolve: TooltipResolver) {
  const id = useId();
  const [active, setActive] = useState<Active | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const resolveRef = useRef(resolve);
  resolveRef.current = resolve;

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setActive((current) => {
      current?.element.removeAttribute('aria-describedby');
      return null;
    });
  }, []);

  const show = useCallback(
    (element: HTMLElement) => {
      const content = resolveRef.current(element);
      if (content === null) return;
      setActive((current) => {
        if (current && current.element !== element) current.element.removeAttribute('aria-describedby');
        element.setAttribute('aria-describedby', id);
        return { element, content };
      });
    },
    [id],
  );

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const target = (event: Event) =>
      (event.target as HTMLElement | null)?.closest?.<HTMLElement>('[data-tooltip]') ?? null;
    const handleOver = (event: PointerEvent) => {
      const element = target(event);
      clearTimeout(timer.current);
      if (!element) {
        hide();
        return;
      }
      timer.current = setTimeout(() => show(element), SHOW_DELAY_MS);
    };
    const handleLeave = () => hide();
    const handleFocus = (event: FocusEvent) => {
      const element = target(event);
      if (element?.matches(':focus-visible')) show(element);
      else hide();
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    container.addEventListener('pointerover', handleOver);
    container.addEventListener('pointerleave', handleLeave);
    container.addEventListener('focusin', handleFocus);
    container.addEventListener('focusout', handleLeave);
    container.addEventListener('scroll', handleLeave, true);
    container.addEventListener('keydown', handleKey);
    return () => {
      clearTimeout(timer.current);
      container.removeEventListener('pointerover', handleOver);
      container.removeEventListener('pointerleave', handleLeave);
      container.removeEventListener('focusin', handleFocus);
      container.removeEventListener('focusout', handleLeave);
      container.removeEventListener('scroll', handleLeave, true);
      container.removeEventListener('keydown', handleKey);
    };
  }, [containerRef, show, hide]);

  return { id, active, hide };
}

/** The popover itself, placed above its element (below when there is no room), inside the viewport. */
export function RoadmapTooltip({ id, active }: { id: string; active: Active | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const tooltip = ref.current;
    if (!active || !tooltip) {
      setPosition(null);
      return;
    }
    const rect = active.element.getBoundingClientRect();
    const container = active.element.closest<HTMLElement>('[data-roadmap-scroll]')?.getBoundingClientRect();
    // The part of the element that is visible in the scrolling shell.
    const visibleLeft = Math.max(rect.left, container?.left ?? 0);
    const visibleRight = Math.min(rect.right, container?.right ?? window.innerWidth);
    const width = tooltip.offsetWidth;
    const height = tooltip.offsetHeight;
    const centre = (visibleLeft + Math.max(visibleRight, visibleLeft)) / 2;
    const left = Math.min(Math.max(GAP, centre - width / 2), window.innerWidth - width - GAP);
    const above = rect.top - height - GAP;
    setPosition({ left, top: above >= GAP ? above : rect.bottom + GAP });
  }, [active]);

  if (!active) return null;
  return createPortal(
    <div
      ref={ref}
      id={id}
      role="tooltip"
      className={styles.popover}
      style={{
        position: 'fixed',
        left: position?.left ?? 0,
        top: position?.top ?? 0,
        visibility: position ? 'visible' : 'hidden',
      }}
    >
      {active.content}
    </div>,
    document.body,
  );
}
