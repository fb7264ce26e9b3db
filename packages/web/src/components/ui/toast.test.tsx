import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, ToastProvider } from './toast.tsx';
import { useToast } from './use-toast.ts';

function Trigger({ message, onUndo }: { message: string; onUndo?: () => void }) {
  const { showToast } = useToast();
  return (
    <button
      type="button"
      onClick={() => showToast(message, onUndo ? { action: { label: 'Undo', onAction: onUndo } } : {})}
    >
      Show {message}
    </button>
  );
}

const region = () => screen.getByRole('region', { name: 'Notifications' });

afterEach(() => vi.useRealTimers());

describe('Toast', () => {
  it('announces the message in a polite live region and closes itself after 5 seconds', async () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger message="Reference copied" />
      </ToastProvider>,
    );
    const live = within(region()).getByRole('status');
    expect(live.getAttribute('aria-live')).toBe('polite');
    act(() => screen.getByRole('button', { name: 'Show Reference copied' }).click());
    expect(within(live).getByText('Reference copied')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(within(live).queryByText('Reference copied')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(within(live).queryByText('Reference copied')).toBeNull();
  });

  it('stays while the pointer is on it', async () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger message="Saved" />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Show Saved' }).click());
    const toast = screen.getByTestId('toast');
    act(() => toast.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(screen.queryByText('Saved')).toBeTruthy();
    act(() => toast.dispatchEvent(new MouseEvent('mouseout', { bubbles: true })));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('offers one action, which runs and closes the toast; Dismiss closes it too', async () => {
    const user = userEvent.setup();
    const onUndo = vi.fn();
    render(
      <ToastProvider>
        <Trigger message="Converted to task" onUndo={onUndo} />
        <Trigger message="Task reverted" />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Show Converted to task' }));
    await user.click(within(region()).getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledOnce();
    expect(screen.queryByText('Converted to task')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show Task reverted' }));
    expect(within(region()).queryByRole('button', { name: 'Undo' })).toBeNull();
    await user.click(within(region()).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Task reverted')).toBeNull();
  });

  it('needs a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger message="x" />)).toThrow('useToast must be used inside <ToastProvider>');
  });
});
