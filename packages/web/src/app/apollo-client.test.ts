import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createCache } from './apollo-client.ts';

const EPIC = { __typename: 'Epic', id: 'gid://gitlab/Epic/1' };
const GROUP = { __typename: 'Group', id: 'gid://gitlab/Group/1' };
const VARIABLES = { fullPath: 'acme', iid: '1' };

/** Two queries of one epic that ask for different fields of one object that has no id of its own. */
const HEADER = gql`
  query Header($fullPath: ID!, $iid: ID!) {
    group(fullPath: $fullPath) {
      id
      epic(iid: $iid) {
        id
        ancestors {
          nodes {
            id
          }
        }
        userPermissions {
          updateEpic
        }
      }
    }
  }
`;
const TREE = gql`
  query Tree($fullPath: ID!, $iid: ID!) {
    group(fullPath: $fullPath) {
      id
      epic(iid: $iid) {
        id
        ancestors {
          count
        }
        userPermissions {
          adminEpicRelation
        }
      }
    }
  }
`;

const header = {
  group: {
    ...GROUP,
    epic: {
      ...EPIC,
      ancestors: { __typename: 'EpicConnection', nodes: [{ ...EPIC, id: 'gid://gitlab/Epic/9' }] },
      userPermissions: { __typename: 'EpicPermissions', updateEpic: true },
    },
  },
};
const tree = {
  group: {
    ...GROUP,
    epic: {
      ...EPIC,
      ancestors: { __typename: 'EpicConnection', count: 1 },
      userPermissions: { __typename: 'EpicPermissions', adminEpicRelation: true },
    },
  },
};

describe("the app's cache", () => {
  it.each([
    ['the header first', [HEADER, TREE] as const],
    ['the tree first', [TREE, HEADER] as const],
  ])('keeps both answers about one epic, whichever comes first (%s): neither page part asks again', (_order, order) => {
    const cache = createCache();
    for (const query of order)
      cache.writeQuery({ query, variables: VARIABLES, data: query === HEADER ? header : tree });
    for (const [query, data] of [
      [HEADER, header],
      [TREE, tree],
    ] as const) {
      const diff = cache.diff({ query, variables: VARIABLES, optimistic: false, returnPartialData: true });
      expect(diff.complete).toBe(true);
      expect(diff.result).toEqual(data);
    }
  });
});
