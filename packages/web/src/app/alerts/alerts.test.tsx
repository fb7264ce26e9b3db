import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AlertsArea } from './alerts-area.tsx';
import { AlertsProvider } from './alerts-context.tsx';
import { useAlerts } from './use-alerts.ts';

function Pusher() {
  const { pushAlert } = useAlerts();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => pushAlert({ variant: 'danger', message: 'Something broke.' })}>
        push error
      </button>
      <button
        type="button"
        onClick={() => pushAlert({ variant: 'info', message: 'Signed out.', keepOnNavigate: true })}
      >
        push sticky
      </button>
      <button type="button" onClick={() => navigate('/elsewhere')}>
        navigate
      </button>
    </>
  );
}

function Orphan() {
  useAlerts();
  return null;
}

function renderAlerts() {
  const element = (
    <>
      <AlertsArea />
      <Pusher />
    </>
  );
  const router = createMemoryRouter([
    { path: '/', element },
    { path: '/elsewhere', element },
  ]);
  return render(
    <AlertsProvider>
      <RouterProvider router={router} />
    </AlertsProvider>,
  );
}

describe('alerts', () => {
  it('shows a pushed error as an alert and removes it when dismissed', () => {
    renderAlerts();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByText('push error'));
    expect(screen.getByRole('alert').textContent).toContain('Something broke.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the same message once, however often it is pushed', () => {
    renderAlerts();
    fireEvent.click(screen.getByText('push error'));
    fireEvent.click(screen.getByText('push error'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('clears alerts on navigation except those marked to stay', async () => {
    renderAlerts();
    fireEvent.click(screen.getByText('push error'));
    fireEvent.click(screen.getByText('push sticky'));
    await act(async () => fireEvent.click(screen.getByText('navigate')));
    expect(screen.queryByText('Something broke.')).toBeNull();
    expect(screen.getByText('Signed out.')).toBeTruthy();
  });

  it('refuses to work outside its provider', () => {
    expect(() => render(<Orphan />)).toThrow('useAlerts must be used inside <AlertsProvider>');
  });
});
