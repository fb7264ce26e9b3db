import { useEffect, useState } from 'react';

/** A macrotask without `setTimeout`'s 4 ms clamp after a few nested calls; answers its cancel. */
export function nextTask(run: () => void): () => void {
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) run();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}

/**
 * Runs `run` when the browser is idle, at most `timeoutMs` later; where there are no idle callbacks
 * (Safari), after `fallbackMs`. Answers its cancel.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs = 0): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(run, fallbackMs);
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(run, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(idle);
}

/** How long what waits for a paint waits at most: a hidden tab draws no frames. */
const NO_FRAME_MS = 500;

/**
 * Runs `run` in a task of its own after the browser has painted what is in the page now: behind the
 * tasks queued up to that frame (what the page had to answer meanwhile goes first), in a hidden tab,
 * which draws no frames, at once, and at most after 500 ms; answers its cancel.
 */
export function afterPaint(run: () => void): () => void {
  let cancelTask: (() => void) | null = null;
  const go = () => {
    if (cancelTask) return;
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    cancelTask = nextTask(() => {
      cancelTask = nextTask(run);
    });
  };
  const frame = window.requestAnimationFrame(go);
  const timer = window.setTimeout(go, document.visibilityState === 'hidden' ? 0 : NO_FRAME_MS);
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    cancelTask?.();
  };
}

/**
 * False on the first render, true once what that render showed has been painted: a page draws what
 * the first screen needs (a title and its text) first and mounts the rest in the task after that
 * paint. Not as a transition: one that yields is started over by every update meanwhile (a page of
 * discussions written into the cache), which under load put the rest seconds later. With `ready`
 * false it waits: the paint counted is the first one after `ready` became true (what the rest waits
 * for has arrived and been drawn); once true it stays true.
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || !ready) return;
    return afterPaint(() => setPainted(true));
  }, [painted, ready]);
  return painted;
}
