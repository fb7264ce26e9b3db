import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoll, pollIntervalOf } from './poll.ts';

const respond = (status: number, interval?: string) =>
  new Response(status === 304 || status === 204 ? null : '{}', {
    status,
    headers: interval === undefined ? {} : { 'Poll-Interval': interval },
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pollIntervalOf', () => {
  it.each([
    ['3000', 3000],
    ['-1', -1],
    ['0', -1],
    ['soon', -1],
    [undefined, -1],
  ])('Poll-Interval %j → %d', (header, expected) => {
    expect(pollIntervalOf(respond(200, header))).toBe(expected);
  });
});

describe('createPoll', () => {
  it('repeats after the Poll-Interval while the answers are successes (304 included)', async () => {
    const statuses = [200, 304, 200];
    const request = vi.fn(async () => respond(statuses.shift() ?? 200, '1000'));
    const onResponse = vi.fn();
    const poll = createPoll({ request, onResponse });
    poll.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(request).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(request).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(request).toHaveBeenCalledTimes(3);
    expect(onResponse.mock.calls.map(([r]) => (r as Response).status)).toEqual([200, 304, 200]);
    poll.stop();
  });

  it('stops on Poll-Interval -1', async () => {
    const request = vi.fn(async () => respond(200, '-1'));
    const poll = createPoll({ request, onResponse: () => {} });
    poll.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(request).toHaveBeenCalledTimes(1);
    expect(poll.running).toBe(false);
  });

  it('stops on a non-2xx answer and reports it', async () => {
    const request = vi.fn(async () => respond(404, '1000'));
    const onError = vi.fn();
    const onResponse = vi.fn();
    const poll = createPoll({ request, onResponse, onError });
    poll.start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(request).toHaveBeenCalledTimes(1);
    expect(onResponse).not.toHaveBeenCalled();
    expect(String(onError.mock.calls[0]?.[0])).toContain('404');
  });

  it('stops on demand, aborting the request in flight without reporting it', async () => {
    let signal: AbortSignal | undefined;
    const request = vi.fn(
      (s: AbortSignal) =>
        new Promise<Response>((_resolve, reject) => {
          signal = s;
          s.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const onError = vi.fn();
    const poll = createPoll({ request, onResponse: () => {}, onError });
    poll.start();
    await vi.advanceTimersByTimeAsync(0);
    poll.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(signal?.aborted).toBe(true);
    expect(onError).not.toHaveBeenCalled();
  });
});
