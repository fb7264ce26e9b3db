import { detectSecrets, maskSecret, type SecretFinding } from '@milepost/shared';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { instanceSettings } from '../../lib/instance-settings.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import styles from './secret-warning.module.css';

/** What is being saved, in the warning's words. */
export type SensitiveContentType = 'comment' | 'description';

/**
 * Resolves true when the text may be saved (no secret in it, or the user chose 'Add anyway') and
 * false when the user chose 'Edit' (or closed the warning): spec 002 §4.5, §5.1.
 */
export type ConfirmSecrets = (text: string, contentType: SensitiveContentType) => Promise<boolean>;

type Pending = { findings: SecretFinding[]; contentType: SensitiveContentType; resolve: (ok: boolean) => void };

const SecretWarningContext = createContext<ConfirmSecrets | null>(null);

/** GitLab's prompt: 'This comment appears to have the following secret in it. Are you sure …?' */
export function secretWarningText(contentType: SensitiveContentType, count: number): string {
  const what = count === 1 ? 'secret' : 'secrets';
  return `This ${contentType} appears to have the following ${what} in it. Are you sure you want to add this ${contentType}?`;
}

/**
 * Holds the one secret warning of the app. Mount once near the root; forms ask through
 * `useConfirmSecrets()` before they save a comment or a description.
 */
export function SecretWarningProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const answer = useCallback((ok: boolean) => {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    current?.resolve(ok);
  }, []);

  const confirm = useCallback<ConfirmSecrets>((text, contentType) => {
    const findings = detectSecrets(text, instanceSettings().patPrefix);
    if (findings.length === 0) return Promise.resolve(true);
    pendingRef.current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      const next = { findings, contentType, resolve };
      pendingRef.current = next;
      setPending(next);
    });
  }, []);

  return (
    <SecretWarningContext.Provider value={confirm}>
      {children}
      <Dialog
        title="Warning: Potential secret detected"
        isOpen={pending !== null}
        onOpenChange={(open) => {
          if (!open) answer(false);
        }}
        role="alertdialog"
      >
        {pending && (
          <>
            <p className={styles.text}>{secretWarningText(pending.contentType, pending.findings.length)}</p>
            <ul className={styles.findings}>
              {pending.findings.map((finding) => (
                <li key={finding.value}>
                  <span className={styles.type}>{finding.type}:</span> <code>{maskSecret(finding.value)}</code>
                </li>
              ))}
            </ul>
            <div className={styles.actions}>
              <Button onPress={() => answer(false)} autoFocus>
                Edit
              </Button>
              <Button variant="danger" onPress={() => answer(true)}>
                Add anyway
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </SecretWarningContext.Provider>
  );
}

/** The check to run before saving a comment or a description; without the provider nothing is checked. */
export function useConfirmSecrets(): ConfirmSecrets {
  return useContext(SecretWarningContext) ?? allowAll;
}

const allowAll: ConfirmSecrets = () => Promise.resolve(true);
