/**
 * Keeps a ProseMirror editor's element out of React's selection bookkeeping.
 *
 * Before every commit, anywhere in the app, React notes the focused element's selection so it can
 * put it back if the commit moves the focus (`getSelectionInformation`). For a focused element whose
 * `contentEditable` is `'true'` it counts the selection's offsets by walking every node of it and
 * reading every text node: in a 50 KB description about 3–4 ms a commit, and each render while rich
 * text has the focus pays it — the form hearing of the text at a pause, the autocomplete's list — so
 * a key typed meanwhile waits for it (decisions 0070, 0083). React never needs it for this element:
 * React renders nothing inside it (ProseMirror owns it and its selection), and when a commit moves the
 * focus, React still gives the focus back to the element; ProseMirror then puts its own selection back.
 *
 * So the element's `contentEditable` reads `'inherit'` where the browser's attribute says `'true'`
 * (React's test is that property, not `isContentEditable`). The attribute, the browser's editing and
 * `isContentEditable` are unchanged; `'false'` (a disabled editor) reads as it is, as ProseMirror's
 * own checks of `contentEditable == "false"` expect.
 */
export function keepOutOfReactSelection(element: HTMLElement): void {
  const native = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'contentEditable');
  if (!native?.get || !native.set) return;
  const { get, set } = native;
  Object.defineProperty(element, 'contentEditable', {
    configurable: true,
    get() {
      const value = get.call(this) as string;
      return value === 'true' ? 'inherit' : value;
    },
    set(value: string) {
      set.call(this, value);
    },
  });
}
