/** The longest an app's first render waits for a list's first answers and its page's code (decision 0073). */
export const FIRST_RENDER_WAIT_MS = 200;

/**
 * Settles when every promise of `waits` has (answered or failed), or `maxMs` after the call,
 * whichever comes first; at once for null (a page whose first render does not wait).
 */
export function firstRenderMayStart(
  waits: readonly Promise<unknown>[] | null,
  maxMs = FIRST_RENDER_WAIT_MS,
): Promise<void> {
  if (!waits) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    void Promise.allSettled(waits).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
