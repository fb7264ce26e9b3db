import { useContext, useEffect } from 'react';
import { AlertsContext, type AlertsValue } from './alerts-context.tsx';

/** Push and dismiss the alerts shown at the top of the content. */
export function useAlerts(): AlertsValue {
  const value = useContext(AlertsContext);
  if (!value) throw new Error('useAlerts must be used inside <AlertsProvider>');
  return value;
}

/** Shows `message` as an error alert while `error` is set (a failed query). */
export function useErrorAlert(error: unknown, message: string): void {
  const { pushAlert, dismissAlert } = useAlerts();
  useEffect(() => {
    if (!error) return;
    const id = pushAlert({ variant: 'danger', message });
    return () => dismissAlert(id);
  }, [error, message, pushAlert, dismissAlert]);
}
