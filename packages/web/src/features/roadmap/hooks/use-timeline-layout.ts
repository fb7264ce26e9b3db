import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

/** The roadmap's sizes in pixels (UI.md "The roadmap"; spec §9 leaves them to us). */
export const ROADMAP_LAYOUT = {
  /** Epic details column: expander, title, group, timeframe text, labels, counts. */
  leftColumnWidth: 320,
  /** The details column on narrow screens (< 768 px), so the timeline keeps most of the width. */
  leftColumnWidthNarrow: 150,
  narrowBreakpoint: 768,
  /** Timeline cells never get narrower than this; wider ones fill the available width. */
  minCellWidth: 180,
  rowHeight: 50,
  /** With labels shown a row has a third line. */
  rowHeightWithLabels: 76,
  /** Spec §9: 16 px right of the last column, 24 px when the window is at least 1200 px wide. */
  headerRightSpacing: 16,
  headerRightSpacingWide: 24,
  wideBreakpoint: 1200,
  /** Spec §9: resize handling waits this long after the last resize event. */
  resizeDebounceMs: 400,
  /** The shell never gets shorter than this, however small the window. */
  minShellHeight: 360,
  /** Space kept below the shell (the page's bottom padding). */
  bottomGap: 48,
} as const;

export type TimelineLayout = {
  leftWidth: number;
  cellWidth: number;
  rightSpacing: number;
  /** Height of the scrolling shell. */
  shellHeight: number;
  /** Top of the shell in the page: what the buffer size subtracts from the viewport height. */
  topOffset: number;
  viewportHeight: number;
  /** Measured from the shell itself (false: a guess from the window's size, before the first layout). */
  measured: boolean;
};

function measure(element: HTMLElement | null, periods: number): TimelineLayout {
  const L = ROADMAP_LAYOUT;
  const viewportWidth = window.innerWidth;
  const viewportHeight = window.innerHeight;
  const leftWidth = viewportWidth < L.narrowBreakpoint ? L.leftColumnWidthNarrow : L.leftColumnWidth;
  const rightSpacing = viewportWidth >= L.wideBreakpoint ? L.headerRightSpacingWide : L.headerRightSpacing;
  const width = element?.clientWidth || Math.max(viewportWidth - 2 * L.headerRightSpacingWide, 320);
  const topOffset = element ? element.getBoundingClientRect().top + window.scrollY : 0;
  const cellWidth = Math.max(L.minCellWidth, Math.floor((width - leftWidth - rightSpacing) / Math.max(periods, 1)));
  const shellHeight = Math.max(L.minShellHeight, Math.floor(viewportHeight - topOffset - L.bottomGap));
  return { leftWidth, cellWidth, rightSpacing, shellHeight, topOffset, viewportHeight, measured: element !== null };
}

/** Spec §9: rows rendered beyond the visible ones = ceil((viewport height − top offset) / row height). */
export function bufferSizeFor(layout: Pick<TimelineLayout, 'viewportHeight' | 'topOffset'>, rowHeight: number): number {
  return Math.max(1, Math.ceil((layout.viewportHeight - layout.topOffset) / rowHeight));
}

/**
 * Column widths and the shell's height from the window and the shell's place in the page, measured
 * before paint and again 400 ms after the window stops resizing. Until the first measure (`measured`
 * false) the sizes are a guess: the shell draws its content only once measured, so the rows are
 * rendered once, at their real widths, before the first paint.
 */
export function useTimelineLayout(ref: RefObject<HTMLElement | null>, periods: number): TimelineLayout {
  const [layout, setLayout] = useState<TimelineLayout>(() => measure(null, periods));

  useLayoutEffect(() => {
    const next = measure(ref.current, periods);
    setLayout((current) => (sameLayout(current, next) ? current : next));
  }, [ref, periods]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handleResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = measure(ref.current, periods);
        setLayout((current) => (sameLayout(current, next) ? current : next));
      }, ROADMAP_LAYOUT.resizeDebounceMs);
    };
    window.addEventListener('resize', handleResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', handleResize);
    };
  }, [ref, periods]);

  return layout;
}

function sameLayout(a: TimelineLayout, b: TimelineLayout): boolean {
  return (Object.keys(a) as (keyof TimelineLayout)[]).every((key) => a[key] === b[key]);
}
