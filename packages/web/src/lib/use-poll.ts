import { useEffect, useRef } from 'react';
import { createPoll } from './poll.ts';

type UsePollOptions = {
  /** The JSON path to poll; null: no polling. */
  url: string | null;
  /** The first request waits this long (GitLab polls an open page after a delay). */
  initialDelayMs: number;
  /** Each changed body (a `304 Not Modified` to the last `ETag` is not passed on). */
  onData: (body: unknown) => void;
  onError?: (error: unknown) => void;
};

/**
 * Polls `url` as its `Poll-Interval` header asks (lib/poll.ts), sending the last `ETag` back; stops
 * while the page is hidden and starts again, with a request at once, when it is visible.
 */
export function usePoll({ url, initialDelayMs, onData, onError }: UsePollOptions): void {
  const callbacks = useRef({ onData, onError });
  callbacks.current = { onData, onError };

  useEffect(() => {
    if (!url) return;
    let etag: string | null = null;
    const poll = createPoll({
      request: (signal) =>
        fetch(url, {
          signal,
          credentials: 'same-origin',
          headers: { Accept: 'application/json', ...(etag ? { 'If-None-Match': etag } : {}) },
        }),
      onResponse: async (response) => {
        if (response.status === 304) return;
        etag = response.headers.get('ETag');
        callbacks.current.onData(await response.json());
      },
      onError: (error) => callbacks.current.onError?.(error),
    });
    const first = setTimeout(() => {
      if (!document.hidden) poll.start();
    }, initialDelayMs);
    const handleVisibility = () => {
      if (document.hidden) poll.stop();
      else poll.start();
    };
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      clearTimeout(first);
      document.removeEventListener('visibilitychange', handleVisibility);
      poll.stop();
    };
  }, [url, initialDelayMs]);
}
