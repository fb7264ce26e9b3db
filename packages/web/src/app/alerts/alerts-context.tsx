import { createContext, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import type { AlertVariant } from '../../components/ui/alert.tsx';

export type AppAlert = {
  id: number;
  variant: AlertVariant;
  message: string;
  title?: string;
  /** Keep the alert when the user navigates to another page (e.g. 'Signed out.'). */
  keepOnNavigate?: boolean;
};

export type NewAlert = Omit<AppAlert, 'id'>;

export type AlertsValue = {
  alerts: readonly AppAlert[];
  pushAlert: (alert: NewAlert) => number;
  dismissAlert: (id: number) => void;
  /** Removes every alert not marked `keepOnNavigate` and clears that mark on the others. */
  clearOnNavigate: () => void;
};

export const AlertsContext = createContext<AlertsValue | null>(null);

/** Holds the alerts shown at the top of the content area. */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<AppAlert[]>([]);
  const nextId = useRef(1);

  const pushAlert = useCallback((alert: NewAlert) => {
    const id = nextId.current++;
    setAlerts((current) => {
      // The same message twice in a row is one alert.
      const rest = current.filter((a) => !(a.message === alert.message && a.variant === alert.variant));
      return [...rest, { ...alert, id }];
    });
    return id;
  }, []);

  const dismissAlert = useCallback((id: number) => {
    setAlerts((current) => current.filter((alert) => alert.id !== id));
  }, []);

  const clearOnNavigate = useCallback(() => {
    setAlerts((current) =>
      current.length === 0
        ? current
        : current.filter((a) => a.keepOnNavigate).map((a) => ({ ...a, keepOnNavigate: false })),
    );
  }, []);

  const value = useMemo(
    () => ({ alerts, pushAlert, dismissAlert, clearOnNavigate }),
    [alerts, pushAlert, dismissAlert, clearOnNavigate],
  );
  return <AlertsContext.Provider value={value}>{children}</AlertsContext.Provider>;
}
