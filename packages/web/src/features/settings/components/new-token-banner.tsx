import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import styles from '../personal-access-tokens.module.css';

type NewTokenBannerProps = { token: string; onDismiss: () => void };

/** The new token's value, shown once, with a copy button. */
export function NewTokenBanner({ token, onDismiss }: NewTokenBannerProps) {
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // Bring the one-time value into view and focus, so it is noticed (and announced) right away.
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Alert variant="success" title="Your new personal access token" onDismiss={onDismiss} className={styles.banner}>
      <div className={styles.tokenRow}>
        <input
          ref={inputRef}
          className={styles.tokenValue}
          aria-label="Your new personal access token"
          value={token}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button onPress={handleCopy} aria-label="Copy personal access token">
          <Icon name={copied ? 'check' : 'copy'} />
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p>Make sure you save it - you won't be able to access it again.</p>
    </Alert>
  );
}
