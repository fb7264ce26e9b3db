import { bindingKeyCaps } from '@milepost/shared';
import { Fragment } from 'react';
import styles from './shortcut-keys.module.css';

/** 'mac' on Apple systems (⌘ for `mod`), 'other' elsewhere (Ctrl). */
export function keyPlatform(): 'mac' | 'other' {
  return typeof navigator === 'object' && /Mac|iPhone|iPad|iPod/.test(navigator.platform) ? 'mac' : 'other';
}

/** Key caps of one or more bindings: `Shift` + `p`; `g` then `i`; alternatives joined by 'or'. */
export function ShortcutKeys({ keys, className }: { keys: readonly string[]; className?: string }) {
  const platform = keyPlatform();
  return (
    <span className={[styles.keys, className].filter(Boolean).join(' ')}>
      {keys.map((binding, index) => (
        <Fragment key={binding}>
          {index > 0 && <span className={styles.joiner}>or</span>}
          {bindingKeyCaps(binding, platform).map((press, pressIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a press's place in its sequence is its identity
            <Fragment key={pressIndex}>
              {pressIndex > 0 && <span className={styles.joiner}>then</span>}
              {press.map((cap, capIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a cap's place in its press is its identity
                <Fragment key={capIndex}>
                  {capIndex > 0 && <span className={styles.plus}>+</span>}
                  <kbd className={styles.cap}>{cap}</kbd>
                </Fragment>
              ))}
            </Fragment>
          ))}
        </Fragment>
      ))}
    </span>
  );
}
