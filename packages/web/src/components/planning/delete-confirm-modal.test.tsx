import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteConfirmModal } from './delete-confirm-modal.tsx';

function renderModal(props: Partial<Parameters<typeof DeleteConfirmModal>[0]> = {}) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  render(<DeleteConfirmModal issuableType="epic" isOpen onCancel={onCancel} onConfirm={onConfirm} {...props} />);
  return { onCancel, onConfirm };
}

describe('DeleteConfirmModal', () => {
  it('warns that deleting an epic releases its child items', () => {
    renderModal({ issuableType: 'epic' });
    const dialog = screen.getByRole('alertdialog', { name: 'Delete epic' });
    expect(dialog.textContent).toContain('Delete this epic and release all child items?');
  });

  it.each([
    ['issue', 'Delete issue', 'Issue will be removed! Are you sure?'],
    ['incident', 'Delete incident', 'Incident will be removed! Are you sure?'],
  ])('for a %s it says %j / %j', (issuableType, title, body) => {
    renderModal({ issuableType });
    expect(screen.getByRole('alertdialog', { name: title }).textContent).toContain(body);
    expect(screen.getByRole('button', { name: title })).toBeTruthy();
  });

  it('uses a given title for the heading and the danger button', () => {
    renderModal({ issuableType: 'issue', title: 'Delete incident report' });
    expect(screen.getByRole('heading', { name: 'Delete incident report' })).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Delete incident report' });
    expect(confirm.className).toContain('danger');
  });

  it('confirms with the danger button', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Delete epic' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with Cancel, the close button and Escape; Cancel has the focus first', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderModal();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    await user.click(cancel);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(3);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('disables the danger button while deleting', () => {
    renderModal({ isDeleting: true });
    expect((screen.getByRole('button', { name: 'Delete epic' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('renders nothing while closed', () => {
    renderModal({ isOpen: false });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
