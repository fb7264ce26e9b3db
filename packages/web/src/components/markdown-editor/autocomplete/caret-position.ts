/** Where a caret is on screen, so a list can open at it (viewport coordinates). */
export type CaretRect = { left: number; top: number; height: number };

// The text area's box and text metrics, copied onto a hidden mirror that wraps the text the same way.
const MIRRORED = [
  'boxSizing',
  'width',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'borderStyle',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'fontStyle',
  'fontVariant',
  'fontWeight',
  'fontStretch',
  'fontSize',
  'lineHeight',
  'fontFamily',
  'textAlign',
  'textTransform',
  'textIndent',
  'letterSpacing',
  'wordSpacing',
  'tabSize',
] as const;

/**
 * The caret at `position` of a text area: a hidden copy of the text area gets the text before the
 * caret and a marker, and the marker's offset is the caret's (the usual mirror technique; text
 * areas have no API for it).
 */
export function textareaCaretRect(area: HTMLTextAreaElement, position: number): CaretRect {
  const style = window.getComputedStyle(area);
  const mirror = document.createElement('div');
  for (const name of MIRRORED) mirror.style[name] = style[name];
  mirror.style.position = 'absolute';
  mirror.style.visibility = 'hidden';
  mirror.style.top = '0';
  mirror.style.left = '-9999px';
  mirror.style.whiteSpace = 'pre-wrap';
  mirror.style.overflowWrap = 'break-word';
  mirror.style.overflow = 'hidden';
  mirror.textContent = area.value.slice(0, position);
  const marker = document.createElement('span');
  marker.textContent = '\u200b';
  mirror.appendChild(marker);
  document.body.appendChild(mirror);
  const box = area.getBoundingClientRect();
  const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5 || 20;
  const rect = {
    left: box.left + marker.offsetLeft - area.scrollLeft,
    top: box.top + marker.offsetTop - area.scrollTop,
    height: lineHeight,
  };
  mirror.remove();
  return rect;
}

/**
 * Where a list of `size` opens for a caret, inside a positioned `frame`: under the caret line,
 * above it when there is no room below in the window, and never past the frame's sides.
 */
export function listPosition(
  caret: CaretRect,
  frame: { left: number; top: number; width: number },
  size: { width: number; height: number },
  viewportHeight: number,
): { left: number; top: number } {
  const gap = 4;
  const below = caret.top + caret.height + gap;
  const fitsBelow = below + size.height <= viewportHeight || caret.top - gap - size.height < 0;
  const top = (fitsBelow ? below : caret.top - gap - size.height) - frame.top;
  const maxLeft = Math.max(gap, frame.width - size.width - gap);
  const left = Math.min(Math.max(gap, caret.left - frame.left), maxLeft);
  return { left, top };
}
