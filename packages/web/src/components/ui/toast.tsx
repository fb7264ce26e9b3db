import { createContext, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from './button.tsx';
import { Icon } from './icon.tsx';
import styles from './toast.module.css';

/** How long a toast stays, unless the pointer or focus is on it. */
export const TOAST_DURATION_MS = 5000;
/** Older toasts are dropped beyond this many. */
const MAX_TOASTS = 3;

export type ToastAction = {
  label: string;
  /** Runs when pressed; the toast then closes. */
  onAction: () => void;
};

export type ToastOptions = {
  /** At most one action, such as 'Undo'. */
  action?: ToastAction;
};

type ToastItem = { id: number; message: string; action?: ToastAction };

export type ToastValue = {
  /** Shows `message` bottom-left for 5 seconds; returns its id. */
  showToast: (message: string, options?: ToastOptions) => number;
  dismissToast: (id: number) => void;
};

export const ToastContext = createContext<ToastValue | null>(null);

/**
 * Holds the app's toasts and renders them bottom-left in a polite live region, so screen readers
 * announce each message. Mount once near the root (it outlives page changes).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismissToast = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback((message: string, options: ToastOptions = {}) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, message, action: options.action }].slice(-MAX_TOASTS));
    return id;
  }, []);

  const value = useMemo(() => ({ showToast, dismissToast }), [showToast, dismissToast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section className={styles.region} aria-label="Notifications">
        <div className={styles.list} role="status" aria-live="polite">
          {toasts.map((toast) => (
            <Toast key={toast.id} toast={toast} onDismiss={dismissToast} />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

/** One toast: its message, an optional action and a close button; closes itself after 5 s. */
function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, toast.id, onDismiss]);

  const handleAction = () => {
    toast.action?.onAction();
    onDismiss(toast.id);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing the timer while the pointer or focus is on the toast
    <div
      className={styles.toast}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="toast"
    >
      <span className={styles.message}>{toast.message}</span>
      {toast.action && (
        <Button variant="tertiary" compact className={styles.action} onPress={handleAction}>
          {toast.action.label}
        </Button>
      )}
      <Button
        variant="tertiary"
        compact
        iconOnly
        aria-label="Dismiss"
        className={styles.close}
        onPress={() => onDismiss(toast.id)}
      >
        <Icon name="close" />
      </Button>
    </div>
  );
}
