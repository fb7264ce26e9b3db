/**
 * GitLab's generic poller (spec 002 §4.3): repeats a request after the delay its response gives in
 * the `Poll-Interval` header, while the response is a success and polling is on. `-1`, a missing
 * header or a failed response stops it; errors other than an aborted request go to `onError`.
 */

/** The delay (ms) a response asks for before the next request; -1: stop. */
export function pollIntervalOf(response: Response): number {
  const value = Number(response.headers.get('Poll-Interval'));
  return Number.isFinite(value) && value > 0 ? value : -1;
}

export type PollOptions = {
  /** Makes one request (the poller aborts it on stop). */
  request: (signal: AbortSignal) => Promise<Response>;
  /** Each successful response (2xx, including 304 Not Modified). */
  onResponse: (response: Response) => void | Promise<void>;
  /** A response that is not a success, or a request that failed (never an abort). */
  onError?: (error: unknown) => void;
};

export type Poll = {
  /** Requests now, then as the responses ask; a running poll starts over. */
  start: () => void;
  stop: () => void;
  readonly running: boolean;
};

/** A poller, stopped until `start()`. */
export function createPoll({ request, onResponse, onError }: PollOptions): Poll {
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;

  const stop = () => {
    running = false;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = undefined;
  };

  const tick = async () => {
    timer = undefined;
    const current = new AbortController();
    controller = current;
    try {
      const response = await request(current.signal);
      if (current.signal.aborted) return;
      const success = response.status === 304 || (response.status >= 200 && response.status < 300);
      if (!success) {
        stop();
        onError?.(new Error(`${response.status} ${response.statusText}`));
        return;
      }
      await onResponse(response);
      const interval = pollIntervalOf(response);
      if (!running || current.signal.aborted) return;
      if (interval < 0) running = false;
      else timer = setTimeout(tick, interval);
    } catch (error) {
      if (current.signal.aborted) return;
      stop();
      onError?.(error);
    }
  };

  return {
    start() {
      stop();
      running = true;
      void tick();
    },
    stop,
    get running() {
      return running;
    },
  };
}
