import { DATE_FORMAT_LABELS, DATE_FORMATS, type DateFormat, type Theme } from '@milepost/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ComboBoxField } from '../../../components/ui/combo-box-field.tsx';
import { FormActions, FormStack } from '../../../components/ui/form.tsx';
import { RadioGroupField } from '../../../components/ui/radio-group-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { FieldHelp, SettingsSection } from '../../../components/ui/settings-section.tsx';
import type { TextEditorType } from '../../../gql/graphql.ts';
import { FIRST_DAY_OPTIONS, firstDayOptionId, firstDayValue } from '../first-day-of-week.ts';
import styles from '../preferences.module.css';
import { BROWSER_ZONE_ID, timeZoneLabel, timeZoneOptions } from '../time-zones.ts';

/** The saved preferences the form edits. */
export type PreferencesValues = {
  firstDayOfWeek: number;
  textEditor: TextEditorType;
  theme: Theme;
  /** '' for the browser's own. */
  timezone: string;
  dateFormat: DateFormat;
};

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

const THEME_OPTIONS: Array<{ id: Theme; label: string; description: string }> = [
  { id: 'light', label: 'Light', description: 'Dark text on light backgrounds.' },
  { id: 'dark', label: 'Dark', description: 'Light text on dark backgrounds.' },
  { id: 'system', label: 'System', description: 'Light or dark, as your operating system is set.' },
];

const DATE_FORMAT_OPTIONS = DATE_FORMATS.map((id) => ({ id, label: DATE_FORMAT_LABELS[id] }));

/** Appearance (theme), Behavior (default text editor) and Localization (time zone, date format, first day), and 'Save changes'. */
export function PreferencesForm(props: PreferencesFormProps) {
  const { busy, errors, onSave } = props;
  const [optionId, setOptionId] = useState(() => firstDayOptionId(props.firstDayOfWeek));
  const [editor, setEditor] = useState<TextEditorType>(props.textEditor);
  const [theme, setTheme] = useState<Theme>(props.theme);
  const [timezone, setTimezone] = useState(props.timezone);
  const [zoneText, setZoneText] = useState(() => timeZoneLabel(props.timezone));
  const [dateFormat, setDateFormat] = useState<DateFormat>(props.dateFormat);

  const handleSubmit = () =>
    onSave({ firstDayOfWeek: firstDayValue(optionId), textEditor: editor, theme, timezone, dateFormat });

  return (
    <FormStack label="Preferences" onSubmit={handleSubmit} errors={errors}>
      <SettingsSection title="Appearance" help="Customize the look of the application.">
        <RadioGroupField
          label="Color theme"
          options={THEME_OPTIONS}
          value={theme}
          onChange={(value) => setTheme(THEME_OPTIONS.find((o) => o.id === value)?.id ?? 'light')}
        />
      </SettingsSection>
      <SettingsSection title="Behavior" help="Customize the behavior of the system layout and default views.">
        <SelectField
          label="Default text editor"
          options={TEXT_EDITOR_OPTIONS}
          value={editor}
          onChange={(value) => setEditor(TEXT_EDITOR_OPTIONS.find((o) => o.id === value)?.id ?? 'NOT_SET')}
          className={styles.select}
        />
        <FieldHelp>Descriptions and comments open in this editor.</FieldHelp>
      </SettingsSection>
      <SettingsSection title="Localization" help="Customize language and region related settings.">
        <ComboBoxField
          label="Time zone"
          options={timeZoneOptions(zoneText === timeZoneLabel(timezone) ? '' : zoneText)}
          inputValue={zoneText}
          onInputChange={setZoneText}
          selectedId={timezone || 'browser'}
          onSelect={(option) => {
            if (!option) return;
            const zone = option.id === 'browser' ? BROWSER_ZONE_ID : option.id;
            setTimezone(zone);
            setZoneText(timeZoneLabel(zone));
          }}
          className={styles.select}
        />
        <FieldHelp>Every date and time on screen is shown in this time zone.</FieldHelp>
        <SelectField
          label="Date format"
          options={DATE_FORMAT_OPTIONS}
          value={dateFormat}
          onChange={(value) => setDateFormat(DATE_FORMAT_OPTIONS.find((o) => o.id === value)?.id ?? 'mdy')}
          className={styles.select}
        />
        <FieldHelp>How dates are written everywhere: lists, sidebars, comments, the Admin area.</FieldHelp>
        <SelectField
          label="First day of the week"
          options={FIRST_DAY_OPTIONS}
          value={optionId}
          onChange={setOptionId}
          className={styles.select}
        />
        <FieldHelp>The roadmap's weeks start on this day.</FieldHelp>
      </SettingsSection>
      <FormActions>
        <Button type="submit" variant="primary" isDisabled={busy}>
          Save changes
        </Button>
      </FormActions>
    </FormStack>
  );
}
