import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import styles from './alerts-area.module.css';
import { useAlerts } from './use-alerts.ts';

/** The alerts at the top of the content; a page change clears them unless marked to stay. */
export function AlertsArea() {
  const { alerts, dismissAlert, clearOnNavigate } = useAlerts();
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    clearOnNavigate();
  }, [pathname, clearOnNavigate]);

  return (
    <div className={styles.area} data-testid="alerts-area">
      {alerts.map((alert) => (
        <Alert key={alert.id} variant={alert.variant} title={alert.title} onDismiss={() => dismissAlert(alert.id)}>
          {alert.message}
        </Alert>
      ))}
    </div>
  );
}
