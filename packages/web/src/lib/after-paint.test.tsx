import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, nextTask, useAfterPaint } from './after-paint.ts';

afterEach(() => vi.restoreAllMocks());

/** Waits for the tasks queued so far (a message posted now arrives after them). */
const settle = () => new Promise<void>((resolve) => nextTask(resolve));

describe('afterPaint', () => {
  it('runs in a task after the next frame, not before it', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const run = vi.fn();
    afterPaint(run);
    await settle();
    expect(run).not.toHaveBeenCalled();
    for (const frame of frames.splice(0)) frame(performance.now());
    // A task queued by the frame (a paint observer's) runs before it.
    const queued = vi.fn(() => expect(run).not.toHaveBeenCalled());
    nextTask(queued);
    expect(run).not.toHaveBeenCalled();
    await settle();
    await settle();
    expect(queued).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs once in a hidden page, which draws no frames, and not at all when cancelled', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const run = vi.fn();
    afterPaint(run);
    const cancelled = vi.fn();
    afterPaint(cancelled)();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    await settle();
    expect(cancelled).not.toHaveBeenCalled();
  });
});

function Page() {
  const painted = useAfterPaint();
  return (
    <>
      <h1>Title</h1>
      {painted && <p>Below</p>}
    </>
  );
}

describe('useAfterPaint', () => {
  it('shows the first screen first, the rest once it was painted', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Title' })).toBeTruthy();
    expect(screen.queryByText('Below')).toBeNull();
    await act(async () => {
      for (const frame of frames.splice(0)) frame(performance.now());
      await settle();
      await settle();
    });
    expect(await screen.findByText('Below')).toBeTruthy();
  });
});

function Waiting({ ready }: { ready: boolean }) {
  const painted = useAfterPaint(ready);
  return painted ? <p>Rest</p> : <p>Waiting</p>;
}

describe('useAfterPaint(ready)', () => {
  it('waits for ready, then for a paint after it, and stays true', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const paint = async () => {
      await act(async () => {
        for (const frame of frames.splice(0)) frame(performance.now());
        await settle();
        await settle();
      });
    };
    const { rerender } = render(<Waiting ready={false} />);
    // Frames painted before it is ready do not count.
    await paint();
    expect(frames).toHaveLength(0);
    expect(screen.getByText('Waiting')).toBeTruthy();
    rerender(<Waiting ready />);
    expect(screen.getByText('Waiting')).toBeTruthy();
    expect(frames).toHaveLength(1);
    await paint();
    expect(await screen.findByText('Rest')).toBeTruthy();
    rerender(<Waiting ready={false} />);
    expect(screen.getByText('Rest')).toBeTruthy();
  });
});
