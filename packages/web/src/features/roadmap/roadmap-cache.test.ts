import { InMemoryCache } from '@apollo/client';
import { DEFAULT_ROADMAP_SETTINGS } from '@milepost/shared';
import { describe, expect, it } from 'vitest';
import { RoadmapEpicChildrenQueryDocument, RoadmapSettingsQueryDocument } from '../../gql/graphql.ts';
import { roadmapTypePolicies } from './roadmap-cache.ts';
import { localSettingsFrom, roadmapLocalSettingsVar } from './roadmap-local-settings.ts';
import { buildRoadmapEpic } from './test/roadmap-fixtures.ts';

const variables = { fullPath: 'acme', iid: '1', state: 'all' as const, first: 2 };

function page(nodes: ReturnType<typeof buildRoadmapEpic>[], endCursor: string, hasNextPage: boolean) {
  return {
    group: {
      __typename: 'Group' as const,
      id: 'gid://gitlab/Group/1',
      roadmapEpicsLimit: 1000,
      epic: {
        __typename: 'Epic' as const,
        id: 'gid://gitlab/Epic/parent',
        childrenCount: nodes.length,
        children: {
          __typename: 'EpicConnection' as const,
          count: 3,
          nodes,
          pageInfo: { __typename: 'PageInfo' as const, hasNextPage, endCursor },
        },
      },
    },
  };
}

describe('roadmap cache policies', () => {
  it('appends a page fetched with `after` to the same list, without duplicates', () => {
    const cache = new InMemoryCache({ typePolicies: roadmapTypePolicies });
    const [a, b, c] = [buildRoadmapEpic(), buildRoadmapEpic(), buildRoadmapEpic()];
    cache.writeQuery({ query: RoadmapEpicChildrenQueryDocument, variables, data: page([a!, b!], 'c2', true) });
    const more = { ...variables, after: 'c2' };
    cache.writeQuery({ query: RoadmapEpicChildrenQueryDocument, variables: more, data: page([b!, c!], 'c3', false) });
    const read = cache.readQuery({ query: RoadmapEpicChildrenQueryDocument, variables });
    expect(read?.group?.epic?.children?.nodes.map((n) => n.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(read?.group?.epic?.children?.pageInfo).toMatchObject({ hasNextPage: false, endCursor: 'c3' });
  });

  it('starts over when the first page is fetched again, and keeps filters apart', () => {
    const cache = new InMemoryCache({ typePolicies: roadmapTypePolicies });
    const [a, b] = [buildRoadmapEpic(), buildRoadmapEpic()];
    cache.writeQuery({ query: RoadmapEpicChildrenQueryDocument, variables, data: page([a!], 'c1', true) });
    cache.writeQuery({ query: RoadmapEpicChildrenQueryDocument, variables, data: page([b!], 'c1', true) });
    const opened = { ...variables, state: 'opened' as const };
    cache.writeQuery({ query: RoadmapEpicChildrenQueryDocument, variables: opened, data: page([a!], 'c1', false) });
    expect(
      cache
        .readQuery({ query: RoadmapEpicChildrenQueryDocument, variables })
        ?.group?.epic?.children?.nodes.map((n) => n.id),
    ).toEqual([b!.id]);
    expect(
      cache
        .readQuery({ query: RoadmapEpicChildrenQueryDocument, variables: opened })
        ?.group?.epic?.children?.nodes.map((n) => n.id),
    ).toEqual([a!.id]);
  });

  it('reads the client-only local settings from their reactive variable', () => {
    const cache = new InMemoryCache({ typePolicies: roadmapTypePolicies });
    roadmapLocalSettingsVar(
      localSettingsFrom(
        { ...DEFAULT_ROADMAP_SETTINGS, isShowingLabels: true },
        { tokens: [], search: 'x' },
        {
          start: '2026-10-01',
          end: '2026-12-31',
        },
        12,
      ),
    );
    const read = cache.readQuery({ query: RoadmapSettingsQueryDocument });
    expect(read?.roadmapSettings).toMatchObject({
      isShowingLabels: true,
      filterParams: 'search=x',
      bufferSize: 12,
      timeframe: ['2026-10-01', '2026-12-31'],
    });
  });
});
