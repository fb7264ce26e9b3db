import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormActions, FormStack } from '../../../components/ui/form.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { FIRST_DAY_OPTIONS, firstDayOptionId, firstDayValue } from '../first-day-of-week.ts';
import styles from '../preferences.module.css';

type PreferencesFormProps = {
  /** the saved first day of the week */
  firstDayOfWeek: number;
  busy: boolean;
  errors: readonly string[];
  onSave: (firstDayOfWeek: number) => void;
};

/** The 'Localization' settings: the first day of the week, and 'Save changes'. */
export function PreferencesForm({ firstDayOfWeek, busy, errors, onSave }: PreferencesFormProps) {
  const [optionId, setOptionId] = useState(() => firstDayOptionId(firstDayOfWeek));
  return (
    <FormStack label="Preferences" onSubmit={() => onSave(firstDayValue(optionId))} errors={errors}>
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
