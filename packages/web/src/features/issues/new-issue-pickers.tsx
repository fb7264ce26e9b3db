import { useEffect, useRef, useState } from 'react';
import shared from '../../components/planning/sidebar-section.module.css';
import { Button } from '../../components/ui/button.tsx';
import type { ComboOption } from '../../components/ui/combo-box-field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import styles from './new-issue-page.module.css';
import { type OptionKind, OptionPicker } from './sidebar/option-picker.tsx';

type PickedProps = {
  kind: OptionKind;
  /** The field's name: 'Assignees', 'Milestone', 'Epic'. */
  title: string;
  /** What the search box says it does: 'Assign a user'. */
  pickLabel: string;
  projectPath: string;
  groupPath: string;
  picked: readonly ComboOption[];
  /** One value (milestone, epic): picking replaces it. */
  single?: boolean;
  onChange: (picked: ComboOption[]) => void;
};

/**
 * A field of the new issue form over the sidebar's option picker: what is picked (each with a
 * remove button) and the search that adds to it (or, for one value, replaces it).
 */
export function PickedOptionsField({
  kind,
  title,
  pickLabel,
  projectPath,
  groupPath,
  picked,
  single,
  onChange,
}: PickedProps) {
  // A pick starts a fresh search box (closed, empty), focused again for the next pick.
  const [round, setRound] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (round > 0) box.current?.querySelector('input')?.focus();
  }, [round]);
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.legend}>{title}</legend>
      {picked.length === 0 ? (
        <span className={shared.none}>None</span>
      ) : (
        <ul className={styles.picked} aria-label={title}>
          {picked.map((option) => (
            <li key={option.id} className={styles.pickedItem}>
              <span>
                {option.label}
                {option.description && <span className={shared.meta}> {option.description}</span>}
              </span>
              <Button
                variant="tertiary"
                compact
                iconOnly
                aria-label={`Remove ${option.label}`}
                onPress={() => onChange(picked.filter((p) => p.id !== option.id))}
              >
                <Icon name="close" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div ref={box}>
        <OptionPicker
          key={round}
          kind={kind}
          label={pickLabel}
          projectPath={projectPath}
          groupPath={groupPath}
          onPick={(option) => {
            if (single) onChange([option]);
            else if (!picked.some((p) => p.id === option.id)) onChange([...picked, option]);
            setRound((r) => r + 1);
          }}
        />
      </div>
    </fieldset>
  );
}
