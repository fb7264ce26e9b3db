import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormActions, FormStack } from '../../../components/ui/form.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { TextEditorType } from '../../../gql/graphql.ts';
import { FIRST_DAY_OPTIONS, firstDayOptionId, firstDayValue } from '../first-day-of-week.ts';
import styles from '../preferences.module.css';

/** The saved preferences the form edits. */
export type PreferencesValues = { firstDayOfWeek: number; textEditor: TextEditorType };

type PreferencesFormProps = PreferencesValues & {
  busy: boolean;
  errors: readonly string[];
  onSave: (values: PreferencesValues) => void;
};

const TEXT_EDITOR_OPTIONS: Array<{ id: TextEditorType; label: string }> = [
  { id: 'NOT_SET', label: 'The last one used' },
  { id: 'PLAIN_TEXT_EDITOR', label: 'Plain text editor' },
  { id: 'RICH_TEXT_EDITOR', label: 'Rich text editor' },
];

/** The 'Behavior' (default text editor) and 'Localization' (first day of the week) settings, and 'Save changes'. */
export function PreferencesForm({ firstDayOfWeek, textEditor, busy, errors, onSave }: PreferencesFormProps) {
  const [optionId, setOptionId] = useState(() => firstDayOptionId(firstDayOfWeek));
  const [editor, setEditor] = useState<TextEditorType>(textEditor);
  return (
    <FormStack
      label="Preferences"
      onSubmit={() => onSave({ firstDayOfWeek: firstDayValue(optionId), textEditor: editor })}
      errors={errors}
    >
      <section className={styles.section} aria-labelledby="behavior-heading">
        <div className={styles.sectionIntro}>
          <h2 id="behavior-heading" className={styles.sectionTitle}>
            Behavior
          </h2>
          <p className={styles.sectionHelp}>Customize the behavior of the system layout and default views.</p>
        </div>
        <div className={styles.sectionFields}>
          <SelectField
            label="Default text editor"
            options={TEXT_EDITOR_OPTIONS}
            value={editor}
            onChange={(value) => setEditor(TEXT_EDITOR_OPTIONS.find((o) => o.id === value)?.id ?? 'NOT_SET')}
            className={styles.select}
          />
          <p className={styles.fieldHelp}>Descriptions and comments open in this editor.</p>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="localization-heading">
        <div className={styles.sectionIntro}>
          <h2 id="localization-heading" className={styles.sectionTitle}>
            Localization
          </h2>
          <p className={styles.sectionHelp}>Customize language and region related settings.</p>
        </div>
        <div className={styles.sectionFields}>
          <SelectField
            label="First day of the week"
            options={FIRST_DAY_OPTIONS}
            value={optionId}
            onChange={setOptionId}
            className={styles.select}
          />
          <p className={styles.fieldHelp}>The roadmap's weeks start on this day.</p>
        </div>
      </section>
      <FormActions>
        <Button type="submit" variant="primary" isDisabled={busy}>
          Save changes
        </Button>
      </FormActions>
    </FormStack>
  );
}
