import { afterEach, describe, expect, it } from 'vitest';
import { keepOutOfReactSelection } from './outside-react-selection.ts';

// jsdom has no `contentEditable` property; the browser's, as far as React and ProseMirror read it.
const proto = HTMLElement.prototype as unknown as Record<string, unknown>;
const hadOwn = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'contentEditable');
if (!hadOwn) {
  Object.defineProperty(HTMLElement.prototype, 'contentEditable', {
    configurable: true,
    get(this: HTMLElement) {
      const value = this.getAttribute('contenteditable');
      return value === '' || value === 'true' ? 'true' : value === 'false' ? 'false' : 'inherit';
    },
    set(this: HTMLElement, value: string) {
      this.setAttribute('contenteditable', value);
    },
  });
}

describe('keepOutOfReactSelection', () => {
  afterEach(() => {
    if (!hadOwn) Reflect.deleteProperty(proto, 'contentEditable');
  });

  it("reads 'true' as 'inherit' for React's selection check, keeping the attribute and 'false'", () => {
    const element = document.createElement('div');
    element.setAttribute('contenteditable', 'true');
    expect(element.contentEditable).toBe('true');
    keepOutOfReactSelection(element);
    // React's `hasSelectionCapabilities` asks `elem.contentEditable === 'true'`.
    expect(element.contentEditable).toBe('inherit');
    expect(element.getAttribute('contenteditable')).toBe('true');
    // A disabled editor (ProseMirror sets the attribute) reads as it is; a set goes to the attribute.
    element.setAttribute('contenteditable', 'false');
    expect(element.contentEditable).toBe('false');
    element.contentEditable = 'true';
    expect(element.getAttribute('contenteditable')).toBe('true');
    // Other elements are untouched.
    const other = document.createElement('div');
    other.setAttribute('contenteditable', 'true');
    expect(other.contentEditable).toBe('true');
  });
});
