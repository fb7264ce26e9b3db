import type { ReactNode } from 'react';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormActions, FormStack } from '../../components/ui/form.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import styles from './create-form-page.module.css';
import { TITLE_MAX_LENGTH } from './issuable-edit-form.tsx';

type CreateFormPageProps = {
  /** 'issue' or 'epic': the page's title ('New issue'), its button ('Create issue', 'Creating issue…'). */
  noun: string;
  /** The group or project the item goes into, for the breadcrumbs. */
  namespace: { fullPath: string; name: string };
  /** The list the item joins ('Issues') and the page's own address, the breadcrumbs' last two steps. */
  list: { label: string; to: string };
  newTo: string;
  /** Wider, for a form with two columns of fields (the issue's). */
  wide?: boolean;
  title: string;
  onTitleChange: (title: string) => void;
  errors: readonly string[];
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  /** The fields between the title and the buttons. */
  children: ReactNode;
};

/** The title's own error: too long to be saved. */
export function titleTooLong(title: string): string {
  return title.length > TITLE_MAX_LENGTH ? `Title is too long (maximum is ${TITLE_MAX_LENGTH} characters).` : '';
}

/**
 * The page of a 'New issue' / 'New epic' form: breadcrumbs to the list, the title field (required,
 * focused, its length checked), the item's own fields, and 'Create <noun>' / Cancel.
 */
export function CreateFormPage(props: CreateFormPageProps) {
  const { noun, namespace, title, pending } = props;
  const titleError = titleTooLong(title);
  return (
    <>
      <PageHeader
        breadcrumbs={[
          ...namespaceBreadcrumbs(namespace.fullPath, namespace.name),
          props.list,
          { label: 'New', to: props.newTo },
        ]}
        title={`New ${noun}`}
      />
      <div className={props.wide ? styles.wide : styles.form}>
        <FormStack label={`New ${noun}`} onSubmit={props.onSubmit} errors={props.errors}>
          <TextField
            label="Title"
            value={title}
            onChange={props.onTitleChange}
            isRequired
            autoFocus
            placeholder="Title"
            errorMessage={titleError || undefined}
          />
          {props.children}
          <FormActions>
            <Button type="submit" variant="primary" isPending={pending} isDisabled={pending}>
              {pending ? `Creating ${noun}…` : `Create ${noun}`}
            </Button>
            <Button onPress={props.onCancel} isDisabled={pending}>
              Cancel
            </Button>
          </FormActions>
        </FormStack>
      </div>
    </>
  );
}
