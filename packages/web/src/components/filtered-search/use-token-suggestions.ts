import { useQuery } from '@apollo/client/react';
import {
  type FilterOperator,
  type FilterToken,
  type FilterTokenType,
  HEALTH_STATUS_TITLES,
  HEALTH_STATUS_VALUES,
  ISSUE_TYPE_VALUES,
  isScopedLabel,
  iterationDisplayTitle,
  labelSwatchColor,
  TOKEN_DEFINITIONS,
  type TokenDefinitions,
  WEIGHT_SUGGESTIONS,
  wildcardValues,
} from '@milepost/shared';
import { awardEmoji, awardEmojiUnicode } from '@milepost/shared/domain/emoji';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import {
  CurrentUserQueryDocument,
  FilterEpicsQueryDocument,
  FilterGroupsQueryDocument,
  FilterIterationsQueryDocument,
  FilterLabelsQueryDocument,
  FilterMilestonesQueryDocument,
  FilterUsersQueryDocument,
} from '../../gql/graphql.ts';
import { featureSwitches } from '../../lib/instance-settings.ts';
import { nodesOf } from '../../lib/paging.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useMostUsedEmoji } from './use-most-used-emoji.ts';

/** Dropdown filtering debounce (GitLab's `DEBOUNCE_DELAY`). */
export const SUGGESTIONS_DEBOUNCE_MS = 200;
/** How many emoji the reaction list shows at once (type to find others). */
const EMOJI_LIMIT = 50;

export const SUGGESTION_ERRORS = {
  author: 'There was a problem fetching users.',
  label: 'There was a problem fetching labels.',
  /** A later label search failed while earlier results are still shown. */
  latestLabels: 'There was a problem fetching latest labels.',
  milestone: 'There was a problem fetching milestones.',
  group: 'There was a problem fetching groups.',
  epic: 'There was a problem fetching epics.',
  iteration: 'Failed to fetch the iterations for the group. Please try again.',
  'my-reaction': 'There was a problem fetching emoji.',
} as const;

export type SuggestionOption = {
  /** Unique within the list. */
  id: string;
  /** The token value it sets. */
  value: string;
  label: string;
  description?: string;
  /** Label swatch: a valid colour, or null for the neutral one. */
  swatch?: string | null;
  scoped?: boolean;
  avatar?: { name: string; src: string | null; seed: string; square?: boolean };
  emoji?: string;
  wildcard?: boolean;
};

type SuggestionsInput = {
  namespacePath: string;
  type: FilterTokenType;
  operator: FilterOperator;
  /** What the user typed for the value. */
  term: string;
  /** The tokens already there: their values are not offered again for the same operator. */
  tokens: readonly FilterToken[];
  signedIn: boolean;
  /** The list's token rules (which wildcards each type offers). */
  definitions?: TokenDefinitions;
};

export type Suggestions = { options: SuggestionOption[]; loading: boolean; hasMore: boolean; loadMore: () => void };

const contains = (text: string | undefined, term: string) => !!text && text.toLowerCase().includes(term);

function uniqueByValue(options: SuggestionOption[]): SuggestionOption[] {
  const seen = new Set<string>();
  return options.filter((option) => {
    if (seen.has(option.value)) return false;
    seen.add(option.value);
    return true;
  });
}

function wildcards(
  type: FilterTokenType,
  operator: FilterOperator,
  term: string,
  definitions: TokenDefinitions,
): SuggestionOption[] {
  return wildcardValues(type, operator, definitions)
    .filter((value) => value.toLowerCase().startsWith(term))
    .map((value) => ({ id: `wildcard-${value}`, value, label: value, wildcard: true }));
}

/**
 * The value suggestions for a token: fetched through GraphQL for users, labels, milestones, groups
 * and epics (200 ms after typing stops), local for confidential and reactions. While a new search
 * is pending, the previous results are narrowed to the text typed so far.
 */
/** Local choices (no fetch) narrowed to what was typed. */
const localOptions = (prefix: string, choices: readonly [string, string][], typed: string) =>
  choices
    .filter(([value, label]) => typed === '' || label.toLowerCase().startsWith(typed) || value.startsWith(typed))
    .map(([value, label]) => ({ id: `${prefix}-${value}`, value, label }));

export function useTokenSuggestions({
  namespacePath,
  type,
  operator,
  term,
  tokens,
  signedIn,
  definitions = TOKEN_DEFINITIONS,
}: SuggestionsInput) {
  const isUsers = type === 'author' || type === 'assignee';
  const typed = term.trim();
  const search = useDebouncedValue(typed, SUGGESTIONS_DEBOUNCE_MS);
  const fullPath = namespacePath;

  // Outside a group (the dashboard) the suggestions are any active user of the instance.
  const users = useQuery(FilterUsersQueryDocument, {
    variables: { fullPath, search, inGroup: fullPath !== '' },
    skip: !isUsers,
  });
  const me = useQuery(CurrentUserQueryDocument, { fetchPolicy: 'cache-only', skip: !isUsers || !signedIn });
  const labels = useQuery(FilterLabelsQueryDocument, {
    variables: { fullPath, searchTerm: search, first: 100 },
    skip: type !== 'label',
  });
  const milestones = useQuery(FilterMilestonesQueryDocument, {
    variables: { fullPath, searchTitle: search },
    skip: type !== 'milestone',
  });
  const groups = useQuery(FilterGroupsQueryDocument, { variables: { fullPath, search }, skip: type !== 'group' });
  const iid = search.replace(/^&/, '');
  const byIid = /^\d+$/.test(iid);
  const epics = useQuery(FilterEpicsQueryDocument, {
    variables: byIid ? { fullPath, iidStartsWith: iid } : { fullPath, search },
    skip: type !== 'epic',
  });

  const iterations = useQuery(FilterIterationsQueryDocument, {
    variables: { fullPath, search: search.replace(/^\*iteration:/, '') || null },
    skip: type !== 'iteration',
  });

  const mostUsed = useMostUsedEmoji(type === 'my-reaction' && signedIn);

  useErrorAlert(users.error, SUGGESTION_ERRORS.author);
  useErrorAlert(iterations.error, SUGGESTION_ERRORS.iteration);
  useErrorAlert(mostUsed.error, SUGGESTION_ERRORS['my-reaction']);
  const labelsShown = !!(labels.data ?? labels.previousData);
  useErrorAlert(labels.error, labelsShown ? SUGGESTION_ERRORS.latestLabels : SUGGESTION_ERRORS.label);
  useErrorAlert(milestones.error, SUGGESTION_ERRORS.milestone);
  useErrorAlert(groups.error, SUGGESTION_ERRORS.group);
  useErrorAlert(epics.error, SUGGESTION_ERRORS.epic);

  const lower = typed.toLowerCase();
  let fetched: SuggestionOption[] = [];
  let loading = false;
  let hasMore = false;
  let loadMore = () => {};

  switch (type) {
    case 'author':
    case 'assignee': {
      const data = users.data ?? users.previousData;
      fetched = (data?.group?.autocompleteUsers ?? nodesOf(data?.users)).map((user) => ({
        id: `user-${user.id}`,
        value: user.username,
        label: user.name,
        description: `@${user.username}`,
        avatar: { name: user.name, src: user.avatarUrl ?? null, seed: user.id },
      }));
      const current = me.data?.currentUser;
      if (current && (typed === '' || contains(current.username, lower) || contains(current.name, lower))) {
        fetched.unshift({
          id: `user-${current.id}`,
          value: current.username,
          label: current.name,
          description: `@${current.username}`,
          avatar: { name: current.name, src: current.avatarUrl ?? null, seed: current.id },
        });
      }
      loading = users.loading;
      break;
    }
    case 'label': {
      const data = labels.data ?? labels.previousData;
      fetched = nodesOf(data?.group?.labels).map((label) => ({
        id: `label-${label.title}`,
        value: label.title,
        label: label.title,
        swatch: labelSwatchColor(label.color),
        scoped: featureSwitches().scopedLabels && isScopedLabel(label.title),
      }));
      loading = labels.loading;
      break;
    }
    case 'milestone': {
      const data = milestones.data ?? milestones.previousData;
      fetched = nodesOf(data?.group?.milestones).map((m) => ({
        id: `milestone-${m.title}`,
        value: m.title,
        label: m.title,
      }));
      loading = milestones.loading;
      break;
    }
    case 'group': {
      const data = groups.data ?? groups.previousData;
      const group = data?.group;
      const connection = group?.descendantGroups;
      const own =
        group && (typed === '' || contains(group.fullPath, lower) || contains(group.fullName, lower)) ? [group] : [];
      fetched = [...own, ...nodesOf(connection)].map((g) => ({
        id: `group-${g.fullPath}`,
        value: g.fullPath,
        label: g.fullName,
        description: g.fullPath,
        avatar: { name: g.fullName, src: null, seed: g.id, square: true },
      }));
      loading = groups.loading;
      hasMore = !!connection?.pageInfo.hasNextPage && !groups.loading;
      loadMore = () => {
        const after = connection?.pageInfo.endCursor;
        if (!after) return;
        void groups.fetchMore({
          variables: { after },
          updateQuery: (previous, { fetchMoreResult }) => {
            const prev = previous.group?.descendantGroups;
            const next = fetchMoreResult.group?.descendantGroups;
            if (!previous.group || !prev || !next || !fetchMoreResult.group) return previous as never;
            return {
              ...fetchMoreResult,
              group: {
                ...fetchMoreResult.group,
                descendantGroups: { ...next, nodes: [...prev.nodes, ...next.nodes] },
              },
            };
          },
        });
      };
      break;
    }
    case 'epic': {
      const data = epics.data ?? epics.previousData;
      fetched = nodesOf(data?.group?.epics).map((epic) => ({
        id: `epic-${epic.iid}`,
        value: epic.iid,
        label: epic.title ?? `&${epic.iid}`,
        description: `&${epic.iid}`,
      }));
      loading = epics.loading;
      break;
    }
    case 'iteration': {
      const data = iterations.data ?? iterations.previousData;
      const nodes = data?.group?.iterations.nodes ?? data?.project?.iterations.nodes ?? [];
      fetched = nodes.map((it) => ({
        id: `iteration-${it.id}`,
        value: it.id.slice(it.id.lastIndexOf('/') + 1),
        label: iterationDisplayTitle({ title: it.title, startDate: String(it.startDate), dueDate: String(it.dueDate) }),
        description: it.iterationCadence.title,
      }));
      loading = iterations.loading;
      break;
    }
    case 'confidential':
      fetched = [
        { id: 'confidential-true', value: 'true', label: 'Yes' },
        { id: 'confidential-false', value: 'false', label: 'No' },
      ].filter((option) => typed === '' || option.label.toLowerCase().startsWith(lower));
      break;
    case 'weight':
      fetched = localOptions(
        'weight',
        WEIGHT_SUGGESTIONS.map((w) => [w, w]),
        lower,
      );
      break;
    case 'health':
      fetched = localOptions(
        'health',
        HEALTH_STATUS_VALUES.map((v) => [v, HEALTH_STATUS_TITLES[v] ?? v]),
        lower,
      );
      break;
    case 'type':
      fetched = localOptions(
        'type',
        ISSUE_TYPE_VALUES.map((v) => [v, v.charAt(0).toUpperCase() + v.slice(1)]),
        lower,
      );
      break;
    case 'my-reaction': {
      // The user's most used reactions first (GitLab's award_emojis), then the rest of the list;
      // the name is matched case-insensitively.
      const matches: SuggestionOption[] = [];
      const emoji = [
        ...mostUsed.names.flatMap((name) => {
          const unicode = awardEmojiUnicode(name);
          return unicode ? [[name, unicode] as const] : [];
        }),
        ...awardEmoji(),
      ];
      for (const [name, unicode] of emoji) {
        if (typed === '' || name.includes(lower))
          matches.push({ id: `emoji-${name}`, value: name, label: name, emoji: unicode });
        if (matches.length === EMOJI_LIMIT) break;
      }
      fetched = uniqueByValue(matches);
      break;
    }
  }

  // Until the debounced search catches up, narrow the previous results to what was typed.
  if (search !== typed) {
    fetched = fetched.filter(
      (option) => contains(option.label, lower) || contains(option.value, lower) || contains(option.description, lower),
    );
  }

  const taken = new Set(tokens.filter((t) => t.type === type && t.operator === operator).map((t) => t.value));
  const options = uniqueByValue([...wildcards(type, operator, lower, definitions), ...fetched]).filter(
    (option) => !taken.has(option.value),
  );
  const remote = type === 'assignee' || (type !== 'my-reaction' && Object.hasOwn(SUGGESTION_ERRORS, type));
  return { options, loading: remote && (loading || search !== typed), hasMore, loadMore } satisfies Suggestions;
}
