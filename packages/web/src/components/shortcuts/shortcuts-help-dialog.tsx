import {
  availableShortcuts,
  bindingText,
  effectiveKeys,
  SHORTCUT_GROUPS,
  type ShortcutDefinition,
  type ShortcutId,
} from '@milepost/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Switch } from 'react-aria-components';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { SearchInput } from '../ui/search-input.tsx';
import switchStyles from '../ui/switch.module.css';
import { ShortcutCustomizeForm } from './shortcut-customize-form.tsx';
import { ShortcutKeys } from './shortcut-keys.tsx';
import { useShortcutsContext } from './shortcuts-context.ts';
import styles from './shortcuts-help-dialog.module.css';

const SHORTCUTS = availableShortcuts();

function matches(shortcut: ShortcutDefinition, keys: readonly string[], groupTitle: string, query: string): boolean {
  if (query === '') return true;
  const haystack = [shortcut.description, groupTitle, ...keys, ...keys.map((k) => bindingText(k))]
    .join('\n')
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * '?': every shortcut Milepost has, by group, searchable; the switch turns shortcuts off (and on);
 * a customisable shortcut's keys can be changed (checked against the others) or reset.
 */
export function ShortcutsHelpDialog() {
  const context = useShortcutsContext();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<ShortcutId | null>(null);
  const headingId = useId();
  const customizations = context?.customizations;
  const groupsRef = useRef<HTMLDivElement>(null);
  const lastEdited = useRef<ShortcutId | null>(null);

  // When a change is saved or cancelled, focus goes back to the row's 'Change' button.
  useEffect(() => {
    if (editing !== null) {
      lastEdited.current = editing;
      return;
    }
    const id = lastEdited.current;
    lastEdited.current = null;
    if (id) groupsRef.current?.querySelector<HTMLElement>(`[data-shortcut="${id}"] button`)?.focus();
  }, [editing]);

  const helpOpen = context?.helpOpen ?? false;
  // Only while open: every page renders the closed dialog in its first render.
  const groups = useMemo(
    () =>
      !helpOpen
        ? []
        : SHORTCUT_GROUPS.map((group) => ({
            ...group,
            shortcuts: SHORTCUTS.filter((shortcut) => shortcut.group === group.id)
              .map((shortcut) => ({ shortcut, keys: effectiveKeys(shortcut.id as ShortcutId, customizations ?? {}) }))
              .filter(({ shortcut, keys }) => matches(shortcut, keys, group.title, query.trim())),
          })).filter((group) => group.shortcuts.length > 0),
    [customizations, query, helpOpen],
  );

  if (!context) return null;
  const { enabled, setEnabled, setHelpOpen } = context;

  return (
    <Dialog
      title="Keyboard shortcuts"
      size="wide"
      isOpen={helpOpen}
      onOpenChange={(open) => {
        setHelpOpen(open);
        if (!open) setEditing(null);
      }}
    >
      <div className={styles.toolbar}>
        <SearchInput
          label="Search keyboard shortcuts"
          value={query}
          onSearch={setQuery}
          delayMs={100}
          className={styles.search}
        />
        <Switch className={switchStyles.switch} isSelected={enabled} onChange={setEnabled}>
          <span className={switchStyles.track} aria-hidden="true">
            <span className={switchStyles.thumb} />
          </span>
          Toggle shortcuts
        </Switch>
      </div>
      {!enabled && (
        <p className={styles.notice} role="status">
          Keyboard shortcuts are off. Turn them on here; this dialog stays under 'Keyboard shortcuts' in the navigation
          sidebar.
        </p>
      )}
      {groups.length === 0 ? (
        <p className={styles.empty}>No keyboard shortcuts match '{query.trim()}'.</p>
      ) : (
        <div className={styles.groups} ref={groupsRef}>
          {groups.map((group) => (
            <section key={group.id} className={styles.group} aria-labelledby={`${headingId}-${group.id}`}>
              <h3 id={`${headingId}-${group.id}`} className={styles.groupTitle}>
                {group.title}
              </h3>
              <table className={styles.table}>
                <thead className="visually-hidden">
                  <tr>
                    <th scope="col">Keys</th>
                    <th scope="col">Action</th>
                    <th scope="col">Change</th>
                  </tr>
                </thead>
                <tbody>
                  {group.shortcuts.map(({ shortcut, keys }) => {
                    const id = shortcut.id as ShortcutId;
                    const custom = Boolean(context.customizations[id]);
                    return (
                      <tr key={id} data-shortcut={id}>
                        <td className={styles.keysCell}>
                          <ShortcutKeys keys={keys} className={styles.keys} />
                        </td>
                        <td className={styles.description}>
                          {shortcut.description}
                          {custom && <span className={styles.custom}> (your keys)</span>}
                          {editing === id && (
                            <ShortcutCustomizeForm
                              shortcut={shortcut}
                              keys={keys}
                              custom={custom}
                              onDone={() => setEditing(null)}
                            />
                          )}
                        </td>
                        <td className={styles.actionCell}>
                          {shortcut.customizable && editing !== id && (
                            <Button
                              variant="tertiary"
                              compact
                              onPress={() => setEditing(id)}
                              aria-label={`Change keys: ${shortcut.description}`}
                            >
                              Change
                            </Button>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      )}
    </Dialog>
  );
}
