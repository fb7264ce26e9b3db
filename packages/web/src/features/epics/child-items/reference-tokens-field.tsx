import { Button as AriaButton, Input, Label, TextField } from 'react-aria-components';
import { Icon } from '../../../components/ui/icon.tsx';
import styles from './reference-tokens-field.module.css';
import type { PendingReferences } from './use-pending-references.ts';

type ReferenceTokensFieldProps = {
  label: string;
  /** The accessible name of the chips' list, e.g. 'Pending epic references'. */
  listLabel: string;
  placeholder: string;
  references: PendingReferences;
  /** While the form is submitting: the chips stay, their remove buttons are disabled. */
  isDisabled?: boolean;
};

/**
 * The references input of an add-by-reference form: what is typed or pasted collects as removable
 * chips (see `usePendingReferences`), the rest stays in the input.
 */
export function ReferenceTokensField({
  label,
  listLabel,
  placeholder,
  references,
  isDisabled,
}: ReferenceTokensFieldProps) {
  const { pending, input, handleInputChange, handleKeyDown, remove } = references;
  return (
    <TextField className={styles.field} value={input} onChange={handleInputChange} autoFocus>
      <Label className={styles.label}>{label}</Label>
      <div className={styles.tokens}>
        {pending.length > 0 && (
          <ul className={styles.tokenList} aria-label={listLabel}>
            {pending.map((reference) => (
              <li key={reference} className={styles.token}>
                <span className={styles.tokenText}>{reference}</span>
                <AriaButton
                  className={styles.tokenRemove}
                  aria-label={`Remove ${reference}`}
                  isDisabled={isDisabled}
                  onPress={() => remove(reference)}
                >
                  <Icon name="close" size={12} />
                </AriaButton>
              </li>
            ))}
          </ul>
        )}
        <Input className={styles.tokenInput} placeholder={placeholder} onKeyDown={handleKeyDown} />
      </div>
    </TextField>
  );
}
