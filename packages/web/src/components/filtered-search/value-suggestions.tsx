import { labelScope } from '@milepost/shared';
import { type RefObject, useEffect } from 'react';
import { ListBox, ListBoxItem } from 'react-aria-components';
import { Avatar } from '../ui/avatar.tsx';
import { Swatch } from './filter-chip.tsx';
import styles from './filtered-search.module.css';
import { type SuggestionOption, useTokenSuggestions } from './use-token-suggestions.ts';

const MORE_ID = '__more__';

type ValueSuggestionsProps = Parameters<typeof useTokenSuggestions>[0] & {
  onPick: (option: SuggestionOption) => void;
  /** Receives the options shown, so Enter on typed text can match one of them. */
  shownRef: RefObject<readonly SuggestionOption[]>;
  /** Receives whether the options for the text typed are still on their way. */
  loadingRef?: RefObject<boolean>;
};

function LabelTitle({ title }: { title: string }) {
  const scope = labelScope(title);
  if (scope === null) return <span className={styles.optionLabel}>{title}</span>;
  return (
    <span className={`${styles.optionLabel} ${styles.scoped}`}>
      <span className={styles.scopeName}>{scope}</span>
      <span className={styles.scopeValue}>{title.slice(scope.length + 2)}</span>
    </span>
  );
}

function OptionContent({ option }: { option: SuggestionOption }) {
  return (
    <>
      {option.swatch !== undefined && <Swatch color={option.swatch} />}
      {option.avatar && (
        <Avatar
          name={option.avatar.name}
          src={option.avatar.src}
          seed={option.avatar.seed}
          shape={option.avatar.square ? 'square' : 'round'}
          size="s"
        />
      )}
      {option.emoji && (
        <span className={styles.emoji} aria-hidden="true">
          {option.emoji}
        </span>
      )}
      <span className={styles.optionText}>
        {option.scoped ? (
          <LabelTitle title={option.label} />
        ) : (
          <span className={styles.optionLabel}>{option.label}</span>
        )}
        {option.description && <span className={styles.optionDescription}>{option.description}</span>}
      </span>
    </>
  );
}

/** The value list of the token being built: suggestions for the text typed, None/Any where offered. */
export function ValueSuggestions({ onPick, shownRef, loadingRef, ...input }: ValueSuggestionsProps) {
  const { options, loading, hasMore, loadMore } = useTokenSuggestions(input);
  useEffect(() => {
    shownRef.current = options;
    if (loadingRef) loadingRef.current = loading;
  });
  const items: (SuggestionOption | { id: typeof MORE_ID })[] = hasMore ? [...options, { id: MORE_ID }] : options;
  return (
    <ListBox
      aria-label="Suggestions"
      className={styles.listBox}
      items={items}
      autoFocus="first"
      onAction={(key) => {
        if (key === MORE_ID) return loadMore();
        const option = options.find((o) => o.id === key);
        if (option) onPick(option);
      }}
      renderEmptyState={() => (
        <p className={styles.empty} role="status">
          {loading ? 'Loading…' : 'No suggestions found'}
        </p>
      )}
    >
      {(item) =>
        'value' in item ? (
          <ListBoxItem
            id={item.id}
            textValue={item.label}
            aria-label={[item.label, item.description].filter(Boolean).join(', ')}
            className={styles.option}
          >
            <OptionContent option={item} />
          </ListBoxItem>
        ) : (
          <ListBoxItem id={MORE_ID} textValue="Show more" className={`${styles.option} ${styles.optionMore}`}>
            Show more
          </ListBoxItem>
        )
      }
    </ListBox>
  );
}
