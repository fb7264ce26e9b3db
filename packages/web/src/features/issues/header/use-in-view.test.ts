import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useInView } from './use-in-view.ts';

/** A heading whose box the test places (jsdom lays nothing out). */
function placedHeading(top: number) {
  const element = document.createElement('h1');
  document.body.append(element);
  let box = { top, height: 40 };
  element.getBoundingClientRect = () =>
    ({ top: box.top, bottom: box.top + box.height, height: box.height, width: 600, left: 0, right: 600 }) as DOMRect;
  return { element, moveTo: (next: number) => (box = { ...box, top: next }) };
}

describe('useInView', () => {
  it('follows the element as the page scrolls under the top bar and back', async () => {
    const { element, moveTo } = placedHeading(150);
    const { result } = renderHook(() => useInView(element, 48));
    expect(result.current).toBe(true);
    moveTo(-10); // its bottom (30) under the 48 px top bar
    act(() => window.dispatchEvent(new Event('scroll')));
    await waitFor(() => expect(result.current).toBe(false));
    moveTo(150);
    act(() => window.dispatchEvent(new Event('resize')));
    await waitFor(() => expect(result.current).toBe(true));
    element.remove();
  });

  it('reads the place again on each change, not a stale answer: out of view at first, in view after a resize', async () => {
    const { element, moveTo } = placedHeading(-100);
    const { result } = renderHook(() => useInView(element, 48));
    await waitFor(() => expect(result.current).toBe(false));
    moveTo(150);
    act(() => window.dispatchEvent(new Event('resize')));
    await waitFor(() => expect(result.current).toBe(true));
    element.remove();
  });

  it('counts an element with no box (not laid out) and none at all as in view', () => {
    const element = document.createElement('h1');
    document.body.append(element);
    expect(renderHook(() => useInView(element, 48)).result.current).toBe(true);
    expect(renderHook(() => useInView(null, 48)).result.current).toBe(true);
    element.remove();
  });
});
