import { act, screen, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Roadmap } from './roadmap.tsx';
import { createTestClient, type Handler, renderWithClient, setUpRoadmapTests } from './test/render-roadmap.tsx';
import { buildRoadmapEpic } from './test/roadmap-fixtures.ts';

// What waits for the first paint runs when the test says so (jsdom paints nothing).
const paint = vi.hoisted(() => {
  const pending = new Set<() => void>();
  return {
    pending,
    afterPaint(run: () => void) {
      pending.add(run);
      return () => {
        pending.delete(run);
      };
    },
  };
});
vi.mock('../../lib/after-paint.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/after-paint.ts')>();
  return {
    ...actual,
    afterPaint: paint.afterPaint,
    useAfterPaint: (ready = true) => {
      const [painted, setPainted] = useState(false);
      useEffect(() => {
        if (!painted && ready) return paint.afterPaint(() => setPainted(true));
      }, [painted, ready]);
      return painted;
    },
  };
});

const GROUP = { __typename: 'Group', id: 'gid://gitlab/Group/1', roadmapEpicsLimit: null };
const page = (total: number) => ({
  group: {
    ...GROUP,
    epics: {
      __typename: 'EpicConnection',
      count: total,
      nodes: Array.from({ length: 50 }, (_, i) => buildRoadmapEpic({ id: `row-${i}`, title: `Row ${i}` })),
      pageInfo: { __typename: 'PageInfo', hasNextPage: true, endCursor: btoa(`OffsetConnection:49:${total}:digest`) },
    },
  },
});
const empty = (typename: string) => ({
  __typename: typename,
  count: 0,
  nodes: [],
  pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
});

const HANDLERS = Object.fromEntries<Handler>([
  ['CurrentUserQuery', () => ({ currentUser: null })],
  ['RoadmapViewerQuery', () => ({ currentUser: null })],
  [
    'RoadmapGroupPermissionsQuery',
    () => ({ group: { ...GROUP, userPermissions: { __typename: 'GroupPermissions', createEpic: false } } }),
  ],
  ['RoadmapGroupMilestonesQuery', () => ({ group: { ...GROUP, milestones: empty('MilestoneConnection') } })],
  ['RoadmapGroupEpicsQuery', () => page(500)],
]);

function renderRoadmap() {
  const { client, calls } = createTestClient(HANDLERS);
  renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
  return calls;
}

function paintNow() {
  act(() => {
    for (const run of [...paint.pending]) {
      paint.pending.delete(run);
      run();
    }
  });
}

setUpRoadmapTests();

describe('Roadmap, its first paint', { timeout: 20_000 }, () => {
  it('draws the rows in view first; their buffer, the filtered search and the sort follow that paint', async () => {
    renderRoadmap();
    const list = await screen.findByRole('list', { name: 'Epics' });
    // The shell is 700 px tall in these tests (fakeLayout): 14 rows of 50 px are in view.
    const inView = within(list).getAllByRole('listitem').length;
    expect(inView).toBeGreaterThanOrEqual(14);
    expect(inView).toBeLessThanOrEqual(15);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Sort direction/ })).toBeNull();
    // The settings stay at hand before that paint.
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();

    paintNow();
    // Spec §9's buffer (the viewport's height in rows) below the rows in view.
    expect(within(list).getAllByRole('listitem').length).toBe(inView + Math.ceil(window.innerHeight / 50));
    expect(screen.getByRole('combobox', { name: /Search or filter/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Sort direction/ })).toBeTruthy();
  });

  it("asks for the viewer's permissions only once the first bars are painted (decision 0091)", async () => {
    const calls = renderRoadmap();
    await screen.findByRole('list', { name: 'Epics' });
    const asked = () => calls.filter((call) => call.operationName === 'RoadmapGroupPermissionsQuery').length;
    expect(calls.some((call) => call.operationName === 'RoadmapGroupEpicsQuery')).toBe(true);
    expect(asked()).toBe(0);

    paintNow();
    await vi.waitFor(() => expect(asked()).toBe(1));
  });
});
