import { Icon } from '../ui/icon.tsx';
import { ShortcutKeys } from './shortcut-keys.tsx';
import { useShortcutsContext } from './shortcuts-context.ts';
import styles from './shortcuts-nav-button.module.css';

/**
 * 'Keyboard shortcuts' at the foot of the navigation sidebar (GitLab keeps it in its Help menu):
 * opens the '?' dialog, also the way back when shortcuts are switched off.
 */
export function ShortcutsNavButton() {
  const context = useShortcutsContext();
  if (!context) return null;
  return (
    <div className={styles.footer}>
      <button type="button" className={styles.button} onClick={() => context.setHelpOpen(true)}>
        <Icon name="keyboard" className={styles.icon} />
        Keyboard shortcuts
        {context.enabled && <ShortcutKeys keys={['?']} className={styles.hint} />}
      </button>
    </div>
  );
}
