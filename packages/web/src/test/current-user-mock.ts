import type { MockLink } from '@apollo/client/testing';
import { CurrentUserQueryDocument } from '../gql/graphql.ts';

/** A mocked CurrentUserQuery: `username` signed in (an id of 9, named after the username), or null for signed out. */
export function currentUserMock(username: string | null, opts: { admin?: boolean } = {}): MockLink.MockedResponse {
  return {
    request: { query: CurrentUserQueryDocument },
    result: {
      data: {
        currentUser: username
          ? {
              __typename: 'CurrentUser',
              id: 'gid://gitlab/User/9',
              username,
              name: username,
              avatarUrl: null,
              webPath: `/${username}`,
              admin: opts.admin ?? false,
            }
          : null,
      },
    },
  };
}
