import { useEffect, useRef, useState } from 'react';
import { Popover } from 'react-aria-components';
import { useNavigate } from 'react-router';
import styles from './hover-card.module.css';
import { HoverCardContent, hoverCardLabel } from './hover-card-content.tsx';
import { HOVER_CARD_SELECTOR, type HoverCardTarget, hoverCardTarget, targetKey } from './hover-card-target.ts';

/** How long the pointer (or focus) rests on a link before its card opens (GitLab's popovers: 500 ms). */
export const HOVER_CARD_DELAY_MS = 500;
/** How long the card stays after the pointer leaves its link (moving to the next link keeps one card). */
const HIDE_DELAY_MS = 200;

type Open = { link: HTMLElement; target: HoverCardTarget };

const linkOf = (node: EventTarget | null): HTMLElement | null =>
  node instanceof Element ? node.closest<HTMLElement>(HOVER_CARD_SELECTOR) : null;

/**
 * The hover cards of users, issues, epics, milestones and labels (issue 14), mounted once for the
 * whole app: any link with `data-reference-type` — the references the server renders in markdown
 * and the app's own links given `hoverCardAttributes` — opens a card after the pointer or the
 * keyboard focus rests on it for a moment; it closes when they leave, on Escape and on any press.
 * The card shows facts only (no controls) and lets the pointer through, so it never stands
 * between the user and what is under it. A plain click on such a link moves within the app
 * instead of loading the page again.
 */
export function HoverCards() {
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open | null>(null);
  const triggerRef = useRef<HTMLElement | null>(null);
  const timers = useRef<{ show?: number; hide?: number }>({});
  const current = useRef<Open | null>(null);
  // Whether the last input was a key (focus then comes from the keyboard) rather than a press.
  const keyboard = useRef(false);
  current.current = open;

  useEffect(() => {
    const t = timers.current;
    const cancelShow = () => window.clearTimeout(t.show);
    const cancelHide = () => window.clearTimeout(t.hide);
    const scheduleShow = (link: HTMLElement) => {
      cancelHide();
      const target = hoverCardTarget(link);
      if (!target) return;
      const shown = current.current;
      if (shown && shown.link === link) return;
      cancelShow();
      t.show = window.setTimeout(() => {
        triggerRef.current = link;
        setOpen({ link, target });
      }, HOVER_CARD_DELAY_MS);
    };
    const scheduleHide = () => {
      cancelShow();
      cancelHide();
      t.hide = window.setTimeout(() => setOpen(null), HIDE_DELAY_MS);
    };

    const over = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      const link = linkOf(event.target);
      if (link) scheduleShow(link);
    };
    const out = (event: PointerEvent) => {
      const link = linkOf(event.target);
      if (!link || (event.relatedTarget instanceof Node && link.contains(event.relatedTarget))) return;
      scheduleHide();
    };
    // Keyboard focus only (a click focuses the link too; the pointer already decided then).
    const focusIn = (event: FocusEvent) => {
      const link = linkOf(event.target);
      if (link && keyboard.current) scheduleShow(link);
    };
    const focusOut = (event: FocusEvent) => {
      if (linkOf(event.target)) scheduleHide();
    };
    const keyDown = (event: KeyboardEvent) => {
      keyboard.current = true;
      if (event.key !== 'Escape' || !current.current) return;
      cancelShow();
      setOpen(null);
    };
    const pointerDown = () => {
      keyboard.current = false;
      cancelShow();
      if (current.current) setOpen(null);
    };
    const click = (event: MouseEvent) => {
      cancelShow();
      const link = linkOf(event.target);
      const href = link?.getAttribute('href');
      if (!link || !href?.startsWith('/') || href.startsWith('//')) return;
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      if (link instanceof HTMLAnchorElement && link.target && link.target !== '_self') return;
      event.preventDefault();
      setOpen(null);
      navigate(href);
    };
    const listeners = [
      ['pointerover', over],
      ['pointerout', out],
      ['focusin', focusIn],
      ['focusout', focusOut],
      ['keydown', keyDown],
      ['pointerdown', pointerDown],
      ['click', click],
    ] as const;
    for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener);
    return () => {
      cancelShow();
      cancelHide();
      for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener);
    };
  }, [navigate]);

  // A card whose link left the page (the page changed) closes.
  useEffect(() => {
    if (!open) return;
    const check = window.setInterval(() => {
      if (!open.link.isConnected) setOpen(null);
    }, 500);
    return () => window.clearInterval(check);
  }, [open]);

  if (!open) return null;
  return (
    <Popover
      key={targetKey(open.target)}
      triggerRef={triggerRef}
      isOpen
      isNonModal
      placement="bottom start"
      offset={6}
      onOpenChange={(isOpen) => {
        if (!isOpen) setOpen(null);
      }}
      className={styles.card}
    >
      <section aria-label={hoverCardLabel(open.target, open.link.textContent ?? '')} className={styles.content}>
        <HoverCardContent target={open.target} />
      </section>
    </Popover>
  );
}
