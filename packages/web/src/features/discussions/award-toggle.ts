import type { ApolloClient } from '@apollo/client';
import { AwardEmojiToggleMutationDocument } from '../../gql/graphql.ts';

/** GitLab's message when a reaction could not be saved. */
export const AWARD_ERROR = 'Something went wrong while adding your award. Please try again.';

/**
 * Adds or takes back the viewer's reaction `name` on an issue, epic or note (`awardableId`, its
 * global id); once the server agreed, `write(toggledOn)` puts the result into the cache. Answers
 * the errors to show (none: done).
 */
export async function toggleAward(
  client: ApolloClient,
  awardableId: string,
  name: string,
  write: (toggledOn: boolean) => void,
): Promise<string[]> {
  try {
    const { data } = await client.mutate({
      mutation: AwardEmojiToggleMutationDocument,
      variables: { input: { awardableId, name } },
    });
    const payload = data?.awardEmojiToggle;
    if (!payload) return [AWARD_ERROR];
    if (payload.errors.length) return payload.errors;
    write(payload.toggledOn);
    return [];
  } catch {
    return [AWARD_ERROR];
  }
}
