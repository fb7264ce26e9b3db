import {
  availableOperators,
  describeToken,
  EPIC_TOKEN_SET,
  editableTokenText,
  type FilterOperator,
  type FilterToken,
  type FilterTokenSet,
  type FilterTokenType,
  type FilterValue,
  normalizeFilterValue,
  normalizeToken,
  OPERATOR_LABELS,
  TOKEN_DEFINITIONS,
  tokenTypesSwitchedOff,
} from '@milepost/shared';
import { type Key, type KeyboardEvent, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  Button as AriaButton,
  Autocomplete,
  AutocompleteStateContext,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  Tag,
  TagGroup,
  TagList,
  TextField,
} from 'react-aria-components';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { featureSwitches } from '../../lib/instance-settings.ts';
import { useShortcut } from '../shortcuts/use-shortcut.ts';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import { ChipHead, FilterChipBody } from './filter-chip.tsx';
import styles from './filtered-search.module.css';
import { type MenuOption, operatorOptions, parseMenuOption, SEARCH_OPTION, typeOptions } from './menu-options.ts';
import { RecentSearchesMenu } from './recent-searches-menu.tsx';
import { useRecentSearches } from './use-recent-searches.ts';
import type { SuggestionOption } from './use-token-suggestions.ts';
import { ValueSuggestions } from './value-suggestions.tsx';

export type FilteredSearchProps = {
  /** The group (or project) whose users, labels, milestones, subgroups and epics are suggested. */
  namespacePath: string;
  /** The token types offered, in order ('my-reaction' only reaches signed-in users). */
  tokenTypes: FilterTokenType[];
  /**
   * Types kept but disabled (GitLab's `disabled` tokens): hidden from the suggestions, while tokens
   * of them already applied (from the URL) stay and still filter.
   */
  disabledTokenTypes?: readonly FilterTokenType[];
  /** The applied filter (from the URL); a new value replaces what is being edited. */
  value: FilterValue;
  /** Called with the cleaned-up filter on Enter, the search button, Clear, a chip's remove or a recent search. */
  onSubmit(value: FilterValue): void;
  /** Recent searches are kept per namespace path under this key, e.g. 'epics'. */
  recentSearchesKey: string;
  signedIn: boolean;
  placeholder?: string;
  /** The list's token rules and URL keys (the epics' by default; the issue lists pass theirs). */
  tokenSet?: FilterTokenSet;
};

type Pending = { type: FilterTokenType; operator: FilterOperator | null; operatorChosenForUser: boolean };

const SEARCH_TAG = '__search__';
/** Token types whose values name things (users, labels, milestones…): a typed value no suggestion has is 'not found'. */
const NAMED_VALUE_TYPES: ReadonlySet<FilterTokenType> = new Set([
  'author',
  'assignee',
  'label',
  'milestone',
  'epic',
  'group',
  'iteration',
  'my-reaction',
]);
const tokenKey = (token: FilterToken) => `${token.type}|${token.operator}|${token.value}`;
const joinSearch = (...parts: string[]) =>
  parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

/**
 * When the list is swapped (types → operators → values), the input would keep pointing at an option
 * that is gone (`aria-activedescendant`); this forgets it.
 */
function ForgetMissingActiveOption() {
  const state = useContext(AutocompleteStateContext);
  useEffect(() => {
    const id = state?.focusedNodeId;
    if (id && !document.getElementById(id)) state.setFocusedNodeId(null);
  });
  return null;
}

/**
 * GitLab's filtered search bar: pick a token type, an operator and a value from suggestions (or type
 * free text to search), see the tokens as chips, submit with Enter or the search button, and go back
 * to recent searches. Everything works from the keyboard: arrows and Enter in the list, Backspace
 * steps back, Escape cancels, Tab reaches the chips (Backspace or Delete removes one) and the buttons.
 */
export function FilteredSearch({
  namespacePath,
  tokenTypes,
  disabledTokenTypes,
  value,
  onSubmit,
  recentSearchesKey,
  signedIn,
  placeholder = 'Search or filter results…',
  tokenSet = EPIC_TOKEN_SET,
}: FilteredSearchProps) {
  const { definitions } = tokenSet;
  const allowedTypes = useMemo(
    () => tokenTypes.filter((type) => signedIn || !definitions[type].signedInOnly),
    [tokenTypes, signedIn, definitions],
  );
  const sourceKey = `${tokenSet.toQueryString(value)}#${allowedTypes.join(',')}`;
  const [syncedKey, setSyncedKey] = useState(sourceKey);
  const [draft, setDraft] = useState(() => normalizeFilterValue(value, allowedTypes, definitions));
  const [text, setText] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  /** The first Backspace on the empty input selected the last token; a second one edits it. */
  const [lastTokenSelected, setLastTokenSelected] = useState(false);
  const knownColors = useRef(new Map<string, string>());
  const shownOptions = useRef<readonly SuggestionOption[]>([]);
  const suggestionsLoading = useRef(false);
  /** Tokens whose value was typed in full and matched no suggestion (their chips say 'not found'). */
  const unmatched = useRef(new Set<string>());
  const inputRef = useRef<HTMLInputElement>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  useShortcut('focusFilterBar', () => inputRef.current?.focus());
  const popoverRef = useRef<HTMLElement>(null);
  const recent = useRecentSearches(namespacePath, recentSearchesKey, tokenSet);
  const alertCount = useAlerts().alerts.length;

  // An alert above the content (a failed fetch) moves the bar down; the open list follows it
  // (React Aria repositions popovers on window resize only).
  useLayoutEffect(() => {
    if (open && alertCount >= 0) window.dispatchEvent(new Event('resize'));
  }, [alertCount, open]);

  // A new value from the page (the URL changed) replaces what is being edited.
  if (syncedKey !== sourceKey) {
    setSyncedKey(sourceKey);
    setDraft(normalizeFilterValue(value, allowedTypes, definitions));
    setPending(null);
    setText('');
    setLastTokenSelected(false);
  }

  const submit = (next: FilterValue) => {
    const normalized = normalizeFilterValue(next, allowedTypes, definitions);
    setDraft(normalized);
    setPending(null);
    setText('');
    setLastTokenSelected(false);
    setOpen(false);
    recent.add(normalized);
    onSubmit(normalized);
  };
  const submitDraft = () => submit({ tokens: draft.tokens, search: joinSearch(draft.search, pending ? '' : text) });

  const chooseType = (type: FilterTokenType) => {
    const operators = availableOperators(type, draft.tokens, definitions);
    const only = operators.length === 1 ? operators[0] : undefined;
    setPending({ type, operator: only ?? null, operatorChosenForUser: only !== undefined });
    setText('');
  };

  const addToken = (raw: string, color?: string | null, notFound = false): boolean => {
    if (!pending?.operator) return false;
    const token = normalizeToken({ type: pending.type, operator: pending.operator, value: raw }, definitions);
    if (!token) return false;
    if (token.type === 'label' && color) knownColors.current.set(token.value, color);
    if (notFound) unmatched.current.add(tokenKey(token));
    else unmatched.current.delete(tokenKey(token));
    setDraft(
      normalizeFilterValue({ tokens: [...draft.tokens, token], search: draft.search }, allowedTypes, definitions),
    );
    setPending(null);
    setText('');
    return true;
  };

  const pickValue = (option: SuggestionOption) => {
    addToken(option.value, option.swatch);
    inputRef.current?.focus();
  };

  const handleMenuAction = (key: Key) => {
    const id = String(key);
    if (id === SEARCH_OPTION) return submitDraft();
    const choice = parseMenuOption(id);
    if (choice && 'type' in choice) chooseType(choice.type);
    else if (choice && pending) {
      setPending({ ...pending, operator: choice.operator });
      setText('');
    }
    inputRef.current?.focus();
  };

  const removeChips = (keys: Set<Key>) => {
    const tokens = draft.tokens.filter((token) => !keys.has(tokenKey(token)));
    submit({ tokens, search: keys.has(SEARCH_TAG) ? '' : draft.search });
    inputRef.current?.focus();
  };

  const clearAll = () => {
    submit({ tokens: [], search: '' });
    inputRef.current?.focus();
  };

  /**
   * The last token back as editable text (the legacy bar's second Backspace): its type and operator
   * wait for a value again, and its value (quoted when it holds a space) is in the input.
   */
  const editLastToken = () => {
    const last = draft.tokens.at(-1);
    if (!last) return;
    const tokens = draft.tokens.slice(0, -1);
    const only = availableOperators(last.type, tokens, definitions).length === 1;
    setDraft({ ...draft, tokens });
    setPending({ type: last.type, operator: last.operator, operatorChosenForUser: only });
    setText(editableTokenText(last));
    setLastTokenSelected(false);
    setOpen(true);
  };

  /**
   * Backspace in an empty input: undo the last step (operator, type, search text); on the tokens,
   * the first Backspace selects the last one and the second turns it back into editable text.
   */
  const stepBack = () => {
    if (pending?.operator && !pending.operatorChosenForUser) setPending({ ...pending, operator: null });
    else if (pending) setPending(null);
    else if (draft.search) {
      setText(draft.search);
      setDraft({ ...draft, search: '' });
    } else if (draft.tokens.length > 0) {
      if (lastTokenSelected) editLastToken();
      else setLastTokenSelected(true);
    }
  };

  /**
   * Enter with no suggestion highlighted: search; or, while choosing a value, take the suggestion
   * whose name, value or reference is the text typed ('Yes', 'Alice Anderson', '&12'), else the
   * first suggestion shown (GitLab highlights it as you type), else — nothing matches — the text
   * itself, typed in full, when it is a valid value; a name nothing matched shows as 'not found'.
   */
  const handleEnter = () => {
    if (!pending) return submitDraft();
    if (!pending.operator) {
      // The operators' list highlights its first as it opens: an Enter that comes before takes it too.
      const first = open ? menuOptions[0] : undefined;
      if (first) handleMenuAction(first.id);
      return;
    }
    const typedText = text.trim().toLowerCase();
    if (typedText === '') return submitDraft();
    const same = (s?: string) => s?.toLowerCase() === typedText;
    const shown = shownOptions.current;
    const match = shown.find((o) => same(o.label) || same(o.value) || same(o.description)) ?? shown[0];
    const notFound = !match && !suggestionsLoading.current && NAMED_VALUE_TYPES.has(pending.type);
    if (match ? addToken(match.value, match.swatch) : addToken(text, undefined, notFound)) setOpen(true);
  };

  // Capture phase: decide before the autocomplete passes the key to the list.
  const handleKeyDownCapture = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    // The list keeps the id of an option it no longer shows after it changes: only a present one counts.
    const activeId = input.getAttribute('aria-activedescendant');
    const activeOption = open && activeId !== null ? input.ownerDocument.getElementById(activeId) : null;
    const highlighted = activeOption !== null;
    // The value highlighted as you type is taken here (one path for the keyboard and the list).
    const highlightedValue =
      pending?.operator && activeOption
        ? shownOptions.current.find((o) => o.id === activeOption.dataset.key)
        : undefined;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    if (event.key !== 'Backspace') setLastTokenSelected(false);
    let handled = true;
    // Meta (⌘) + Backspace clears every token and the search, and searches (the legacy bar's shortcut).
    if (event.key === 'Backspace' && event.metaKey && !event.ctrlKey && !event.altKey) clearAll();
    else if (event.key === 'Enter' && highlightedValue && !event.nativeEvent.isComposing) pickValue(highlightedValue);
    else if (event.key === 'Enter' && !highlighted && !event.nativeEvent.isComposing) handleEnter();
    else if (event.key === 'Backspace' && text === '' && atStart && (pending || draft.search || draft.tokens.length))
      stepBack();
    else if (event.key === 'Escape' && pending) setPending(null);
    else if (event.key === 'Escape' && open) setOpen(false);
    else if (event.key === 'ArrowDown' && !open) setOpen(true);
    else handled = false;
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  // Filters of features the instance switched off are not offered (applied ones from a URL stay).
  const switchedOff: readonly FilterTokenType[] = tokenTypesSwitchedOff(
    featureSwitches(),
    tokenSet === EPIC_TOKEN_SET ? 'epics' : 'issues',
  );
  const stage = !pending ? 'type' : !pending.operator ? 'operator' : 'value';
  const menuOptions: MenuOption[] = !pending
    ? typeOptions(
        allowedTypes.filter((type) => !disabledTokenTypes?.includes(type) && !switchedOff.includes(type)),
        draft.tokens,
        text,
        definitions,
      )
    : !pending.operator
      ? operatorOptions(pending.type, draft.tokens, text, definitions)
      : [];

  const pendingTitle = pending ? TOKEN_DEFINITIONS[pending.type].title : '';
  const inputLabel =
    stage === 'type'
      ? placeholder.replace(/…$/, '')
      : stage === 'operator'
        ? `${pendingTitle}: choose an operator`
        : `${pendingTitle} ${OPERATOR_LABELS[pending?.operator ?? '=']}: type or choose a value`;
  const hasChips = draft.tokens.length > 0 || draft.search !== '';
  const hasContent = hasChips || pending !== null || text !== '';

  return (
    <div className={styles.root}>
      <RecentSearchesMenu recent={recent} onSelect={submit} />
      <div
        className={styles.bar}
        onPointerDown={(event) => {
          // A press on the bar's background puts the caret in the input, as in a text field.
          if (event.target === event.currentTarget) {
            event.preventDefault();
            inputRef.current?.focus();
            setOpen(true);
          }
        }}
      >
        {hasChips && (
          <TagGroup aria-label="Applied filters" onRemove={removeChips} className={styles.tagGroup}>
            <TagList className={styles.tagList}>
              {draft.tokens.map((token, index) => (
                <Tag
                  key={tokenKey(token)}
                  id={tokenKey(token)}
                  textValue={describeToken(token)}
                  className={
                    lastTokenSelected && index === draft.tokens.length - 1
                      ? `${styles.chip} ${styles.chipSelected}`
                      : styles.chip
                  }
                  data-selected-for-edit={lastTokenSelected && index === draft.tokens.length - 1 ? '' : undefined}
                >
                  <FilterChipBody
                    token={token}
                    namespacePath={namespacePath}
                    knownColor={knownColors.current.get(token.value)}
                    notFound={unmatched.current.has(tokenKey(token))}
                  />
                  <AriaButton slot="remove" className={styles.chipRemove} aria-label="Remove">
                    <Icon name="close" />
                  </AriaButton>
                </Tag>
              ))}
              {draft.search && (
                <Tag
                  id={SEARCH_TAG}
                  textValue={`Search ${draft.search}`}
                  className={`${styles.chip} ${styles.chipSearch}`}
                >
                  <span className={`${styles.segment} ${styles.segmentValue}`}>
                    <span className="visually-hidden">Search: </span>
                    <span className={styles.valueText}>{draft.search}</span>
                  </span>
                  <AriaButton slot="remove" className={styles.chipRemove} aria-label="Remove">
                    <Icon name="close" />
                  </AriaButton>
                </Tag>
              )}
            </TagList>
          </TagGroup>
        )}
        {pending && (
          <span className={`${styles.chip} ${styles.chipPending}`} aria-hidden="true">
            <ChipHead type={pending.type} operator={pending.operator} />
          </span>
        )}
        <Autocomplete
          inputValue={text}
          onInputChange={(next) => {
            setText(next);
            setLastTokenSelected(false);
            setOpen(true);
          }}
          // Choosing a value, the first suggestion is highlighted as you type and Enter takes it
          // (GitLab's tokens); in the type list Enter searches for the text instead.
          disableAutoFocusFirst={stage !== 'value'}
        >
          <ForgetMissingActiveOption />
          <TextField ref={fieldRef} aria-label={inputLabel} className={styles.field}>
            <Input
              ref={inputRef}
              // ARIA's editable combobox: the input owns the list it highlights options of, and says
              // whether it is open (screen readers announce it; axe lets the list scroll without a tab stop).
              role="combobox"
              aria-expanded={open}
              aria-haspopup="listbox"
              className={styles.input}
              placeholder={hasChips || pending ? undefined : placeholder}
              onKeyDownCapture={handleKeyDownCapture}
              onFocus={() => setOpen(true)}
              onBlur={(event) => {
                const next = event.relatedTarget as Node | null;
                if (!next || !popoverRef.current?.contains(next)) setOpen(false);
              }}
              onClick={() => setOpen(true)}
            />
          </TextField>
          <Popover
            ref={popoverRef}
            triggerRef={fieldRef}
            isOpen={open}
            onOpenChange={setOpen}
            isNonModal
            placement="bottom start"
            offset={4}
            maxHeight={320}
            className={`${styles.popover} ${styles.suggestionsPopover}`}
          >
            {stage === 'value' && pending?.operator ? (
              <ValueSuggestions
                key={`${pending.type}${pending.operator}`}
                // An epic's iid is per group: with a group token, its epics are the ones offered.
                namespacePath={
                  (pending.type === 'epic' && draft.tokens.find((t) => t.type === 'group')?.value) || namespacePath
                }
                type={pending.type}
                operator={pending.operator}
                term={text}
                tokens={draft.tokens}
                signedIn={signedIn}
                definitions={definitions}
                onPick={pickValue}
                shownRef={shownOptions}
                loadingRef={suggestionsLoading}
              />
            ) : (
              <ListBox
                key={stage}
                aria-label={stage === 'type' ? 'Filters' : 'Operators'}
                // Enter picks the highlighted operator; in the type list it searches for the text instead.
                autoFocus={stage === 'operator' ? 'first' : undefined}
                className={styles.listBox}
                items={menuOptions}
                onAction={handleMenuAction}
                renderEmptyState={() => <p className={styles.empty}>No filters available</p>}
              >
                {(option) => (
                  <ListBoxItem
                    id={option.id}
                    textValue={option.description ?? option.label}
                    aria-label={option.description}
                    className={styles.option}
                  >
                    {option.icon && <Icon name={option.icon} className={styles.optionIcon} />}
                    <span className={styles.optionLabel}>{option.label}</span>
                    {option.description && <span className={styles.optionDescription}>{option.description}</span>}
                  </ListBoxItem>
                )}
              </ListBox>
            )}
          </Popover>
        </Autocomplete>
        {hasContent && (
          <Button variant="tertiary" compact iconOnly aria-label="Clear" onPress={clearAll} className={styles.clear}>
            <Icon name="close" />
          </Button>
        )}
      </div>
      <span className="visually-hidden" aria-live="polite">
        {lastTokenSelected && draft.tokens.length > 0
          ? `${describeToken(draft.tokens[draft.tokens.length - 1] as FilterToken)} selected. Press Backspace again to edit it.`
          : ''}
      </span>
      <Button iconOnly aria-label="Search" onPress={submitDraft} className={styles.searchButton}>
        <Icon name="search" />
      </Button>
    </div>
  );
}
