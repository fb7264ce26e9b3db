import { useQuery } from '@apollo/client/react';
import { AddExistingSuggestionsQueryDocument } from '../../../gql/graphql.ts';
import styles from './child-items-forms.module.css';
import { useDebounced } from './use-debounced.ts';

type AddExistingSuggestionsProps = {
  kind: 'epic' | 'issue';
  groupFullPath: string;
  /** What is typed in the references input. */
  term: string;
  /** References already pending (not offered again). */
  pending: readonly string[];
  onPick: (reference: string) => void;
};

/**
 * Suggestions as you type in 'Add an existing issue / epic': open items of the group and its
 * subgroups whose title matches the words typed; picking one adds its reference to the list.
 */
export function AddExistingSuggestions({ kind, groupFullPath, term, pending, onPick }: AddExistingSuggestionsProps) {
  const search = useDebounced(term.trim());
  // A reference or a link being typed ('#1', 'group/project#', 'https://…') is no search.
  const skip = search.length < 2 || /[#&]\d*$/.test(search) || /^https?:/.test(search);
  const { data, loading } = useQuery(AddExistingSuggestionsQueryDocument, {
    variables: { fullPath: groupFullPath, search, epics: kind === 'epic' },
    skip,
  });
  if (skip) return null;
  const nodes = (kind === 'epic' ? data?.group?.epics?.nodes : data?.group?.issues?.nodes) ?? [];
  const offered = nodes.filter((node) => node.reference && !pending.includes(node.reference));
  return (
    <div className={styles.suggestions}>
      {offered.length === 0 ? (
        <p className={styles.suggestionsEmpty} role="status">
          {loading ? 'Searching…' : `No open ${kind}s match "${search}".`}
        </p>
      ) : (
        <ul aria-label={`Matching ${kind}s`} className={styles.suggestionList}>
          {offered.map((node) => (
            <li key={node.id}>
              <button type="button" className={styles.suggestion} onClick={() => onPick(node.reference)}>
                <span className={styles.suggestionTitle}>{node.title}</span>
                <span className={styles.suggestionReference}>{node.reference}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
