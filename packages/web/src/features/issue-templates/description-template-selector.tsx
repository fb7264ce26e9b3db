import { useEffect, useState } from 'react';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { ConfirmDialog, ConfirmText } from '../../components/ui/confirm-dialog.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import styles from './description-template-selector.module.css';
import { loadTemplateContent, loadTemplateNames, type TemplateName } from './issue-template-requests.ts';

export const TEMPLATES_LOAD_ERROR = 'An error occurred while fetching the description templates.';
export const TEMPLATE_APPLY_ERROR = 'An error occurred while applying the description template. Please try again.';
export const OVERWRITE_WARNING =
  'Applying a template will replace the existing issue description. Any changes you have made will be lost.';

type DescriptionTemplateSelectorProps = {
  projectFullPath: string;
  /** The description in the editor now: a non-empty one that differs is not replaced without asking. */
  description: string;
  /** Puts the template's markdown into the editor. */
  onApply: (content: string) => void;
};

/**
 * The edit form's description-template selector (spec 002 §2.1, §4.2): shown only when the project
 * has templates; the names load once and are reused; a failure shows an error and the form works
 * on without it; replacing a non-empty, different description asks first.
 */
export function DescriptionTemplateSelector({
  projectFullPath,
  description,
  onApply,
}: DescriptionTemplateSelectorProps) {
  const { pushAlert } = useAlerts();
  const [names, setNames] = useState<TemplateName[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [pending, setPending] = useState<{ name: string; content: string } | null>(null);

  useEffect(() => {
    let current = true;
    loadTemplateNames(projectFullPath).then(
      (loaded) => current && setNames(loaded),
      () => current && pushAlert({ variant: 'danger', message: TEMPLATES_LOAD_ERROR }),
    );
    return () => {
      current = false;
    };
  }, [projectFullPath, pushAlert]);

  if (names.length === 0) return null;

  const handleChange = async (name: string) => {
    setSelected(name);
    let content: string;
    try {
      content = await loadTemplateContent(projectFullPath, name);
    } catch {
      pushAlert({ variant: 'danger', message: TEMPLATE_APPLY_ERROR });
      return;
    }
    if (description.trim() !== '' && description !== content) setPending({ name, content });
    else onApply(content);
  };

  return (
    <>
      <SelectField
        label="Description template"
        placeholder="Choose a template"
        options={names.map((t) => ({ id: t.name, label: t.name }))}
        value={selected}
        onChange={(name) => void handleChange(name)}
        className={styles.field}
      />
      <ConfirmDialog
        title="Replace the description?"
        isOpen={pending !== null}
        confirmLabel="Apply template"
        pendingLabel="Applying…"
        isPending={false}
        onCancel={() => {
          setPending(null);
          setSelected(null);
        }}
        onConfirm={() => {
          if (pending) onApply(pending.content);
          setPending(null);
        }}
      >
        <ConfirmText>{OVERWRITE_WARNING}</ConfirmText>
      </ConfirmDialog>
    </>
  );
}
