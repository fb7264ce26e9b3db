import type { KeyboardEvent, ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormActions, FormStack } from '../../components/ui/form.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import styles from './issuable-edit-form.module.css';
import { ServerHtml } from './server-html.tsx';

/** GitLab's limit on titles of epics and issues. */
export const TITLE_MAX_LENGTH = 255;

/** The title's error before saving: blank or too long; '' when fine. */
export function titleError(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) return "Title can't be blank.";
  if (trimmed.length > TITLE_MAX_LENGTH) return `Title is too long (maximum is ${TITLE_MAX_LENGTH} characters).`;
  return '';
}

/** Someone else's saved version, shown above the fields after a conflict. */
export type LatestVersion = { title: string | null; descriptionHtml: string | null };

type IssuableEditFormProps = {
  /** The form's name: 'Edit epic', 'Edit issue'. */
  label: string;
  title: string;
  onTitleChange: (value: string) => void;
  titleError?: string;
  errors: readonly string[];
  /** Another user's version, after a conflict. */
  latest?: LatestVersion | null;
  /** Above the errors (a draft to keep or discard). */
  notice?: ReactNode;
  loading: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  /** The fields after the title: the type selector, the description. */
  children: ReactNode;
};

/**
 * The edit form of an epic's or issue's title and description: title, the page's own fields,
 * Save changes and Cancel. Ctrl+Enter or Cmd+Enter saves from any field.
 */
export function IssuableEditForm(props: IssuableEditFormProps) {
  const { label, title, onTitleChange, errors, latest, notice, loading, onSubmit, onCancel, children } = props;
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl/Cmd+Enter from the form's fields (spec 002 §2.1)
    <div className={styles.form} onKeyDown={handleKeyDown}>
      {notice}
      <FormStack label={label} onSubmit={onSubmit} errors={errors}>
        {latest && (
          <section className={styles.latest} aria-label="Latest version">
            <h2 className={styles.latestHeading}>Latest version</h2>
            <p className={styles.latestTitle}>{latest.title}</p>
            {latest.descriptionHtml ? (
              <ServerHtml html={latest.descriptionHtml} />
            ) : (
              <p className={styles.muted}>No description.</p>
            )}
          </section>
        )}
        <TextField
          label="Title"
          value={title}
          onChange={onTitleChange}
          isRequired
          validationBehavior="aria"
          autoFocus
          placeholder="Title"
          errorMessage={props.titleError || undefined}
          isDisabled={loading}
        />
        {children}
        <FormActions>
          <Button type="submit" variant="primary" isPending={loading} isDisabled={loading}>
            {loading ? 'Saving changes…' : 'Save changes'}
          </Button>
          <Button onPress={onCancel} isDisabled={loading}>
            Cancel
          </Button>
        </FormActions>
      </FormStack>
    </div>
  );
}
