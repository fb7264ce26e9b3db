import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { useCurrentUser } from '../../app/use-current-user.ts';
import {
  type EpicAwardsFragment,
  EpicAwardsFragmentDoc,
  type IssueAwardsFragment,
  IssueAwardsFragmentDoc,
} from '../../gql/graphql.ts';
import { nodesOf } from '../../lib/paging.ts';
import { AwardsList, ISSUABLE_DEFAULT_AWARDS, withToggledAward } from './award-emoji.tsx';
import { toggleAward } from './award-toggle.ts';
import styles from './discussions.module.css';

type Awardable = IssueAwardsFragment | EpicAwardsFragment;

/**
 * The reactions row below an issue's or epic's description (GitLab's awards block): thumbs up and
 * down always, the other reactions given, and 'Add reaction' — the same buttons and picker as a
 * comment's. A reaction shows once the server saved it.
 */
export function IssuableAwards({ type, awardable }: { type: 'Issue' | 'Epic'; awardable: Awardable }) {
  const client = useApolloClient();
  const { currentUser } = useCurrentUser();
  const [errors, setErrors] = useState<string[]>([]);
  const viewer = currentUser ? { id: currentUser.id, name: currentUser.name, username: currentUser.username } : null;
  const canAward = Boolean(viewer) && awardable.userPermissions.awardEmoji;

  const handleToggle = async (name: string) => {
    if (!viewer) return;
    const write = (on: boolean) => {
      const id = client.cache.identify({ __typename: type, id: awardable.id });
      // Lists show the thumbs as counts (`upvotes`, `downvotes`): keep those that are cached true.
      const counter = { thumbsup: 'upvotes', thumbsdown: 'downvotes' }[name];
      if (counter)
        client.cache.modify({ id, fields: { [counter]: (count: number) => Math.max(0, count + (on ? 1 : -1)) } });
      if (type === 'Issue')
        client.cache.updateFragment({ id, fragment: IssueAwardsFragmentDoc, fragmentName: 'IssueAwards' }, (current) =>
          current ? withToggledAward(current, name, viewer, on) : current,
        );
      else
        client.cache.updateFragment({ id, fragment: EpicAwardsFragmentDoc, fragmentName: 'EpicAwards' }, (current) =>
          current ? withToggledAward(current, name, viewer, on) : current,
        );
    };
    setErrors(await toggleAward(client, awardable.id, name, write));
  };

  return (
    <div className={styles.issuableAwards}>
      <AwardsList
        awards={nodesOf(awardable.awardEmoji)}
        viewerId={viewer?.id ?? null}
        canAward={canAward}
        onToggle={(name) => void handleToggle(name)}
        defaultNames={ISSUABLE_DEFAULT_AWARDS}
        picker
      />
      {errors.length > 0 && (
        <div className={styles.formErrors} role="alert">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      )}
    </div>
  );
}
