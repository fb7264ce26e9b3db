import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';

const DISMISSED_KEY = 'roadmap_epics_limit_warning_dismissed';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Spec §5: a dismissible warning when the group has more epics than the roadmap shows. */
export function EpicsLimitWarning({ limit }: { limit: number }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;
  const handleDismiss = () => {
    setDismissed(true);
    try {
      window.localStorage.setItem(DISMISSED_KEY, 'true');
    } catch {
      // Private browsing without storage: dismissed until the next visit.
    }
  };
  return (
    <Alert variant="warning" title="Some of your epics might not be visible" onDismiss={handleDismiss}>
      Roadmaps can display up to {String(limit).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} epics. These appear in your
      selected sort order.
    </Alert>
  );
}
