import { useQuery } from '@apollo/client/react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { MarkdownAutocompleteQueryDocument, type MarkdownAutocompleteQueryQuery } from '../../../gql/graphql.ts';
import { useDebouncedValue } from '../../filtered-search/use-debounced-value.ts';
import styles from '../markdown-editor.module.css';
import { type CaretRect, listPosition } from './caret-position.ts';
import {
  type AutocompleteMatch,
  emojiSuggestions,
  insertIssue,
  insertLabel,
  insertMilestone,
  insertUser,
  MAX_SUGGESTIONS,
  type Suggestion,
} from './gfm-autocomplete.ts';

/** Where references are looked up: the group of the text, and the project it is written in. */
export type AutocompleteScope = { groupPath: string | null; projectPath?: string | null };

/** The five suggestions of a match from the fetched group data (emoji from the award list). */
function suggestionsOf(
  match: AutocompleteMatch,
  data: MarkdownAutocompleteQueryQuery | undefined,
  projectPath: string | null,
): Suggestion[] {
  const { source } = match;
  if (source === 'emoji') return emojiSuggestions(match.query);
  const group = data?.group;
  if (!group) return [];
  switch (source) {
    case 'users':
      return (group.autocompleteUsers ?? []).map((u) => ({
        id: u.id,
        label: u.name,
        description: `@${u.username}`,
        insert: insertUser(u.username),
      }));
    case 'labels':
      return (group.labels?.nodes ?? []).map((l) => ({
        id: l.id,
        label: l.title,
        color: l.color,
        insert: insertLabel(l.title),
      }));
    case 'milestones':
      return (group.milestones?.nodes ?? []).map((m) => ({
        id: m.id,
        label: m.title,
        insert: insertMilestone(m.title),
      }));
    case 'issues':
      return (group.issues?.nodes ?? []).map((i) => ({
        id: i.id,
        label: i.title,
        description: i.reference,
        insert: insertIssue(i.reference, i.iid, projectPath),
      }));
    case 'epics':
      return (group.epics?.nodes ?? []).map((e) => ({
        id: e.id,
        label: e.title ?? `&${e.iid}`,
        description: `&${e.iid}`,
        insert: `&${e.iid}`,
      }));
  }
}

/** GitLab's dropdown filtering debounce. */
const DEBOUNCE_MS = 200;

type AutocompleteSuggestionsProps = {
  match: AutocompleteMatch;
  scope: AutocompleteScope;
  /** The highlighted suggestion (the arrow keys move it). */
  active: number;
  listId: string;
  /** Where the match's trigger (`@`) is on screen: the list opens there (else under the text). */
  caretRect?: (match: AutocompleteMatch) => CaretRect | null;
  onItems: (items: Suggestion[]) => void;
  onSelect: (item: Suggestion) => void;
};

/**
 * The suggestions for the reference being typed: users, labels, milestones, issues and epics of
 * the group (GraphQL), emoji from the award list; at most five, a listbox under the text.
 */
export function AutocompleteSuggestions({
  match,
  scope,
  active,
  listId,
  caretRect,
  onItems,
  onSelect,
}: AutocompleteSuggestionsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const search = useDebouncedValue(match.query, DEBOUNCE_MS);
  const { source } = match;
  const remote = source !== 'emoji' && scope.groupPath !== null;
  // While a refined query loads, the last answer stays (filtered by the new query), so the list does
  // not close under a key that is already on its way (Enter would then write a new line).
  const { data, previousData, loading } = useQuery(MarkdownAutocompleteQueryDocument, {
    variables: {
      fullPath: scope.groupPath ?? '',
      search: search || null,
      users: source === 'users',
      labels: source === 'labels',
      milestones: source === 'milestones',
      issues: source === 'issues',
      epics: source === 'epics',
    },
    skip: !remote,
    fetchPolicy: 'cache-first',
  });

  const projectPath = scope.projectPath ?? null;
  const stale = data === undefined;
  const shown = data ?? previousData;
  const items = useMemo(() => {
    const all = suggestionsOf(match, shown, projectPath);
    const query = match.query.toLowerCase();
    const fitting = stale
      ? all.filter((item) => `${item.label} ${item.description ?? ''}`.toLowerCase().includes(query))
      : all;
    return fitting.slice(0, MAX_SUGGESTIONS);
  }, [match, shown, stale, projectPath]);

  // The editor learns the suggestions in the commit that shows them (a layout effect: its update
  // renders before the browser runs anything else), so a key pressed as soon as the list is on
  // screen is the list's; with a passive effect, Tab in the task between left the text box.
  useLayoutEffect(() => {
    onItems(items);
  }, [items, onItems]);

  // At the reference's trigger, placed before paint when the list opens, moves to another reference
  // or changes size — not per key: measuring the caret forces a layout of the text (decision 0070).
  const showsLoading = items.length === 0 && loading;
  const place = useRef({ match, caretRect });
  place.current = { match, caretRect };
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed again only when these change (above)
  useLayoutEffect(() => {
    const list = listRef.current;
    const frame = list?.offsetParent;
    const caret = place.current.caretRect?.(place.current.match);
    if (!list || !frame || !caret) return;
    const box = frame.getBoundingClientRect();
    const at = listPosition(
      caret,
      { left: box.left, top: box.top, width: frame.clientWidth },
      { width: list.offsetWidth, height: list.offsetHeight },
      window.innerHeight,
    );
    list.style.left = `${at.left}px`;
    list.style.top = `${at.top}px`;
  }, [match.from, match.source, items.length, showsLoading]);

  if (items.length === 0) {
    return showsLoading ? (
      <div ref={listRef} className={styles.suggestions} role="status">
        Loading…
      </div>
    ) : null;
  }
  return (
    <div ref={listRef} id={listId} role="listbox" aria-label="Suggestions" className={styles.suggestions}>
      {items.map((item, index) => (
        <div
          key={item.id}
          tabIndex={-1}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === active}
          className={styles.suggestion}
          // A pointer press picks the item before the text loses its caret.
          onMouseDown={(event) => {
            event.preventDefault();
            onSelect(item);
          }}
        >
          {item.emoji && <span aria-hidden="true">{item.emoji}</span>}
          {item.color && <span aria-hidden="true" className={styles.swatch} style={{ background: item.color }} />}
          <span className={styles.suggestionLabel}>{item.label}</span>
          {item.description && <span className={styles.suggestionMeta}>{item.description}</span>}
        </div>
      ))}
    </div>
  );
}

/** The scope of a project's text: its group's references (none in a personal project), `#12` for its own issues. */
export function projectAutocomplete(projectPath: string): AutocompleteScope {
  const slash = projectPath.lastIndexOf('/');
  return { groupPath: slash > 0 ? projectPath.slice(0, slash) : null, projectPath };
}
