import { availableShortcuts, effectiveKeys, SHORTCUT_GROUPS, type ShortcutId } from '@milepost/shared';
import { ShortcutKeys } from '../../components/shortcuts/shortcut-keys.tsx';
import { useShortcutsContext } from '../../components/shortcuts/shortcuts-context.ts';
import { Button } from '../../components/ui/button.tsx';
import styles from './help-page.module.css';

const SHORTCUTS = availableShortcuts();

/**
 * The keyboard shortcuts, by group, from the one registry (with your own keys where you changed
 * them); 'Change shortcuts' opens the '?' dialog, where they are turned off or customised.
 */
export function HelpShortcuts() {
  const context = useShortcutsContext();
  const customizations = context?.customizations ?? {};
  return (
    <section aria-labelledby="help-shortcuts" id="shortcuts" className={styles.section}>
      <h2 id="help-shortcuts">Keyboard shortcuts</h2>
      <p>
        Press <ShortcutKeys keys={['?']} /> on any page to see these, turn them off or change their keys.
        {context && !context.enabled && ' Shortcuts are turned off in this browser.'}
      </p>
      {context && (
        <div>
          <Button onPress={() => context.setHelpOpen(true)}>Change shortcuts</Button>
        </div>
      )}
      {SHORTCUT_GROUPS.map((group) => {
        const shortcuts = SHORTCUTS.filter((s) => s.group === group.id);
        if (shortcuts.length === 0) return null;
        return (
          <div key={group.id} className={styles.shortcutGroup}>
            <h3>{group.title}</h3>
            <dl className={styles.shortcuts}>
              {shortcuts.map((shortcut) => (
                <div key={shortcut.id} className={styles.shortcut}>
                  <dt>{shortcut.description}</dt>
                  <dd>
                    <ShortcutKeys keys={effectiveKeys(shortcut.id as ShortcutId, customizations)} />
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        );
      })}
    </section>
  );
}
