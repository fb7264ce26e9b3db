import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRestOfEpicPage } from './use-rest-of-epic-page.ts';

describe('useRestOfEpicPage', () => {
  it("waits for the page's answer and the tree's first page, without drawing the page again for the tree's report", async () => {
    let renders = 0;
    const { result, rerender } = renderHook(
      ({ loaded }) => {
        renders++;
        return useRestOfEpicPage(loaded);
      },
      { initialProps: { loaded: false } },
    );
    act(() => result.current.onTreeFirstPage());
    expect(renders).toBe(1);
    rerender({ loaded: true });
    expect(result.current.rest).toBe(false);
    await waitFor(() => expect(result.current.rest).toBe(true));
    // The first render, the page's answer, the rest: nothing between them for the tree.
    expect(renders).toBe(3);
  });

  it("reported by the tree after the page's answer: the rest follows with no render in between", async () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useRestOfEpicPage(true);
    });
    act(() => result.current.onTreeFirstPage());
    expect(renders).toBe(1);
    expect(result.current.rest).toBe(false);
    await waitFor(() => expect(result.current.rest).toBe(true));
    expect(renders).toBe(2);
  });
});
