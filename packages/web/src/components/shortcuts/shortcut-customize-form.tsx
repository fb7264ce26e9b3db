import { type ShortcutDefinition, type ShortcutId, validateCustomKeys } from '@milepost/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useShortcutsContext } from './shortcuts-context.ts';
import styles from './shortcuts-help-dialog.module.css';

type Props = {
  shortcut: ShortcutDefinition;
  keys: readonly string[];
  /** Whether the user's own keys are in use (then 'Reset to default' shows). */
  custom: boolean;
  onDone: () => void;
};

/** Changes one shortcut's keys: typed as `shift+p` or `g i`, alternatives separated by commas. */
export function ShortcutCustomizeForm({ shortcut, keys, custom, onDone }: Props) {
  const context = useShortcutsContext();
  const [text, setText] = useState(keys.join(', '));
  const [error, setError] = useState<string | null>(null);
  if (!context) return null;
  const id = shortcut.id as ShortcutId;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateCustomKeys(id, text.split(','), context.customizations);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    const isDefault = result.keys.join('\n') === shortcut.defaultKeys.join('\n');
    context.setCustomKeys(id, isDefault ? null : result.keys);
    onDone();
  };

  return (
    <form className={styles.customize} onSubmit={handleSubmit} noValidate>
      <TextField
        label={`Keys for '${shortcut.description}'`}
        description="For example shift+p, g i or mod+enter; separate alternatives with commas."
        value={text}
        onChange={(value) => {
          setText(value);
          setError(null);
        }}
        errorMessage={error ?? undefined}
        isInvalid={error !== null}
        autoFocus
      />
      <div className={styles.customizeActions}>
        <Button type="submit" variant="primary" compact>
          Save
        </Button>
        <Button compact onPress={onDone}>
          Cancel
        </Button>
        {custom && (
          <Button
            variant="tertiary"
            compact
            onPress={() => {
              context.setCustomKeys(id, null);
              onDone();
            }}
          >
            Reset to default
          </Button>
        )}
      </div>
    </form>
  );
}
