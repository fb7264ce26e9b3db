import type { ShortcutId } from '@milepost/shared';
import { type ReactNode, useEffect, useRef } from 'react';
import { useShortcut } from '../shortcuts/use-shortcut.ts';
import { Button } from '../ui/button.tsx';
import styles from './sidebar-section.module.css';

type SidebarSectionProps = {
  title: string;
  /** The region's name when it differs from the title ('Participants' for '3 Participants'). */
  label?: string;
  /** `data-section`, for tests and styles. */
  name: string;
  /** Shows 'Edit' (or `editLabel`) on the right of the title while not editing. */
  canEdit?: boolean;
  isEditing?: boolean;
  onEdit?: () => void;
  /** The accessible name of the Edit button ('Edit weight'). */
  editLabel?: string;
  /** The title's id, for a control on the title row that it names. */
  titleId?: string;
  /** Something else on the title row (a switch, a copy button). */
  action?: ReactNode;
  /** The keyboard shortcut that starts editing, as Edit does (`a` assignees, `m` milestone). */
  shortcut?: ShortcutId;
  children: ReactNode;
};

/**
 * One sidebar attribute: a title row with 'Edit', and below it the value or, while editing, the
 * form the caller renders. When editing ends, focus goes back to Edit (keyboard users stay put).
 */
export function SidebarSection({
  title,
  label,
  name,
  canEdit = false,
  isEditing = false,
  onEdit,
  editLabel,
  titleId,
  action,
  shortcut,
  children,
}: SidebarSectionProps) {
  const ref = useRef<HTMLElement>(null);
  useShortcut(shortcut ?? 'editAssignees', () => onEdit?.(), Boolean(shortcut && canEdit && !isEditing && onEdit));
  const wasEditing = useRef(isEditing);
  useEffect(() => {
    // Only when focus was in the form (it is on <body> once the form is gone): a save that ends after
    // the user has moved on to another section must not pull focus back.
    const active = document.activeElement;
    const focusWasHere = !active || active === document.body || Boolean(ref.current?.contains(active));
    if (wasEditing.current && !isEditing && focusWasHere)
      ref.current?.querySelector<HTMLElement>('[data-edit]')?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  return (
    <section ref={ref} className={styles.section} aria-label={label ?? title} data-section={name}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {canEdit && !isEditing && onEdit && (
          <Button
            variant="tertiary"
            compact
            onPress={onEdit}
            aria-label={editLabel ?? `Edit ${title.toLowerCase()}`}
            data-edit
          >
            Edit
          </Button>
        )}
        {action}
      </div>
      {children}
    </section>
  );
}
