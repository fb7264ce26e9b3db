/**
 * For tests of the rich text editor: jsdom lays nothing out, and ProseMirror asks where the caret is
 * to scroll it into view. Gives jsdom empty rectangles (once; what jsdom has is kept).
 */
export function stubLayoutForProseMirror(): void {
  const noRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  Element.prototype.getClientRects ??= noRects;
  document.elementFromPoint ??= () => null;
}
