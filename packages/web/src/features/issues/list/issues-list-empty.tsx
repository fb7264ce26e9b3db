import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

type IssuesListEmptyProps = {
  /** A filter or a tab other than Open is applied. */
  filtered: boolean;
  /** The list has issues at all (in any state, or the filter could match some). */
  hasAny: boolean;
  onClear: () => void;
  signedIn: boolean;
};

/** GitLab's two empty states: no issues yet, or nothing matching the filter. */
export function IssuesListEmpty({ filtered, hasAny, onClear, signedIn }: IssuesListEmptyProps) {
  if (!hasAny && !filtered) {
    return (
      <EmptyState
        icon="issues"
        title="There are no issues to show"
        description={
          signedIn
            ? 'The Issue Tracker is the place to add things that need to be improved or solved in a project.'
            : 'The Issue Tracker is the place to add things that need to be improved or solved in a project. You can register or sign in to create issues for this project.'
        }
      />
    );
  }
  return (
    <EmptyState
      icon="search"
      title="Sorry, your filter produced no results"
      description="To widen your search, change or remove filters above."
      actions={filtered ? <Button onPress={onClear}>Clear filters</Button> : undefined}
    />
  );
}
