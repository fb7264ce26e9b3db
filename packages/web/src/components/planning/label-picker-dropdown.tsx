import { useQuery } from '@apollo/client/react';
import { labelScope } from '@milepost/shared';
import { useEffect, useRef, useState } from 'react';
import { Heading, ListBox, ListBoxItem, type Selection } from 'react-aria-components';
import { LabelPickerLabelsQueryDocument } from '../../gql/graphql.ts';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import { SearchInput } from '../ui/search-input.tsx';
import styles from './label-picker.module.css';
import { LabelPickerCreateForm } from './label-picker-create-form.tsx';
import type { LabelSelection, PickerLabel } from './label-picker-selection.ts';

/** Spec 001 §9: search debounce. */
const SEARCH_DEBOUNCE_MS = 500;

type LabelPickerDropdownProps = {
  fullPath: string;
  selection: LabelSelection;
  allowCreate: boolean;
  allowScopedLabels: boolean;
  /** A label was toggled; `shown` are the labels listed (to find a scoped label's siblings). */
  onToggle: (label: PickerLabel, shown: readonly PickerLabel[]) => void;
  onCreated: (label: PickerLabel) => void;
  onClose: () => void;
};

function LabelTitle({ title, allowScopedLabels }: { title: string; allowScopedLabels: boolean }) {
  const scope = allowScopedLabels ? labelScope(title) : null;
  if (scope === null) return <span className={styles.optionTitle}>{title}</span>;
  return (
    <span className={styles.optionTitle}>
      <span className={styles.optionScope}>{scope}::</span>
      {title.slice(scope.length + 2)}
    </span>
  );
}

/** The open label picker: search, the labels with swatches and checkmarks, and the create form. */
export function LabelPickerDropdown({
  fullPath,
  selection,
  allowCreate,
  allowScopedLabels,
  onToggle,
  onCreated,
  onClose,
}: LabelPickerDropdownProps) {
  const [view, setView] = useState<'list' | 'create'>('list');
  const [search, setSearch] = useState('');
  const { data, previousData, loading, error } = useQuery(LabelPickerLabelsQueryDocument, {
    variables: { fullPath, searchTerm: search.trim() || undefined },
    fetchPolicy: 'cache-and-network',
  });
  // While a new search runs, the last results stay (the list is not replaced by a loading text).
  const shown = data ?? previousData;
  const labels = shown?.group?.labels?.nodes?.filter((l) => l !== null) ?? [];
  const searchRef = useRef<HTMLDivElement>(null);
  // The search box takes the focus when the list opens (and when the create form is left).
  useEffect(() => {
    if (view === 'list') searchRef.current?.querySelector('input')?.focus();
  }, [view]);

  const handleSelectionChange = (keys: Selection) => {
    if (keys === 'all') return;
    const changed =
      [...keys].find((k) => !selection.set.has(String(k))) ?? [...selection.set].find((id) => !keys.has(id));
    const label = labels.find((l) => l.id === String(changed));
    if (label) onToggle(label, labels);
  };

  const handleCreated = (label: PickerLabel) => {
    onCreated(label);
    setView('list');
  };

  if (view === 'create') {
    return (
      <div className={styles.dropdown}>
        <div className={styles.dropdownHeader}>
          <Button variant="tertiary" compact iconOnly aria-label="Go back" onPress={() => setView('list')}>
            <Icon name="chevron-left" />
          </Button>
          <Heading slot="title" className={styles.dropdownTitle}>
            Create group label
          </Heading>
          <Button variant="tertiary" compact iconOnly aria-label="Close" onPress={onClose}>
            <Icon name="close" />
          </Button>
        </div>
        <LabelPickerCreateForm fullPath={fullPath} onCreated={handleCreated} onCancel={() => setView('list')} />
      </div>
    );
  }

  return (
    <div className={styles.dropdown}>
      <div className={styles.dropdownHeader}>
        <Heading slot="title" className={styles.dropdownTitle}>
          Assign labels
        </Heading>
        <Button variant="tertiary" compact iconOnly aria-label="Close" onPress={onClose}>
          <Icon name="close" />
        </Button>
      </div>
      <div className={styles.search} ref={searchRef}>
        <SearchInput label="Search labels" value={search} onSearch={setSearch} delayMs={SEARCH_DEBOUNCE_MS} />
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          Error fetching labels.
        </p>
      ) : loading && !shown ? (
        <p className={styles.status} role="status">
          Loading labels…
        </p>
      ) : (
        <ListBox
          className={styles.listBox}
          aria-label="Labels"
          items={labels}
          selectionMode="multiple"
          selectedKeys={selection.set}
          onSelectionChange={handleSelectionChange}
          escapeKeyBehavior="none"
          renderEmptyState={() => <p className={styles.status}>No matching results</p>}
        >
          {(label) => (
            <ListBoxItem id={label.id} textValue={label.title} className={styles.option}>
              {({ isSelected }) => (
                <>
                  <span className={styles.checkSlot} aria-hidden="true">
                    {isSelected ? (
                      <Icon name="check" />
                    ) : selection.indeterminate.has(label.id) ? (
                      <span className={styles.indeterminate} />
                    ) : null}
                  </span>
                  <span className={styles.swatch} style={{ backgroundColor: label.color }} aria-hidden="true" />
                  <LabelTitle title={label.title} allowScopedLabels={allowScopedLabels} />
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      )}
      {allowCreate && (
        <div className={styles.dropdownFooter}>
          <Button variant="tertiary" compact onPress={() => setView('create')}>
            Create group label
          </Button>
        </div>
      )}
    </div>
  );
}
