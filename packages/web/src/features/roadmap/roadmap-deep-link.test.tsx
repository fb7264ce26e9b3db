import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Roadmap } from './roadmap.tsx';
import { createTestClient, type Handler, renderWithClient, setUpRoadmapTests } from './test/render-roadmap.tsx';
import { buildRoadmapEpic } from './test/roadmap-fixtures.ts';
import type { RoadmapEpic } from './utils/roadmap-rows.ts';

const GROUP = { __typename: 'Group', id: 'gid://gitlab/Group/1', roadmapEpicsLimit: null };
const TOTAL = 2_000;

const connection = (nodes: RoadmapEpic[], start: number, total: number) => ({
  __typename: 'EpicConnection',
  count: total,
  nodes,
  pageInfo: {
    __typename: 'PageInfo',
    hasNextPage: start + nodes.length < total,
    endCursor: btoa(`OffsetConnection:${start + nodes.length - 1}:${total}:digest`),
  },
});
/** Where the window after a cursor starts (0 for the first page). */
const startOf = (after: unknown) =>
  typeof after === 'string' ? Number(/^OffsetConnection:(\d+)/.exec(atob(after))?.[1]) + 1 : 0;

/** The rows 'Row <position>' (id `row-<position>`) of a list of TOTAL, 50 after `after`. */
function rowsAfter(variables: Record<string, unknown>) {
  const start = startOf(variables.after);
  const nodes = Array.from({ length: Math.min(50, TOTAL - start) }, (_, i) =>
    buildRoadmapEpic({ id: `row-${start + i}`, title: `Row ${start + i}` }),
  );
  return { group: { ...GROUP, epics: connection(nodes, start, TOTAL) } };
}

type Page = { group: { epics: Record<string, unknown> } };

/** The list's pages (`rowsAfter` by default) whose first page, asked for it, says where the linked epic is. */
const withPosition =
  (answer: { epicId: string; position: number; expandIds: string[] } | null, pages: Handler = rowsAfter): Handler =>
  (variables) => {
    const page = pages(variables) as Page;
    if (!variables.withEpicPosition) return page;
    const epicPosition = answer && { __typename: 'EpicListPosition', ...answer };
    return { group: { ...page.group, epics: { ...page.group.epics, epicPosition } } };
  };

/** The operation each short handler name answers. */
const OPERATIONS: Record<string, string> = {
  currentUser: 'CurrentUserQuery',
  viewer: 'RoadmapViewerQuery',
  permissions: 'RoadmapGroupPermissionsQuery',
  milestones: 'RoadmapGroupMilestonesQuery',
  epics: 'RoadmapGroupEpicsQuery',
  children: 'RoadmapEpicChildrenQuery',
};

function handlers(overrides: Record<string, Handler>): Record<string, Handler> {
  const empty = (field: string, typename: string) => () => ({
    group: {
      ...GROUP,
      [field]: {
        __typename: typename,
        count: 0,
        nodes: [],
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      },
    },
  });
  const all: Record<string, Handler> = {
    currentUser: () => ({ currentUser: null }),
    viewer: () => ({ currentUser: null }),
    permissions: () => ({
      group: { ...GROUP, userPermissions: { __typename: 'GroupPermissions', createEpic: false } },
    }),
    milestones: empty('milestones', 'MilestoneConnection'),
    epics: rowsAfter,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).map(([name, handler]) => [OPERATIONS[name] ?? name, handler]));
}

setUpRoadmapTests();
let restoreScroll: () => void;
beforeEach(() => {
  // jsdom does not scroll: scrolling an element sets its offset and tells the list (whose content
  // is tall enough to scroll anywhere).
  const saved = Element.prototype.scrollTo;
  const savedHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
  Element.prototype.scrollTo = function scrollTo(this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  } as typeof Element.prototype.scrollTo;
  Object.defineProperty(Element.prototype, 'scrollHeight', { configurable: true, get: () => TOTAL * 50 + 1_000 });
  restoreScroll = () => {
    Element.prototype.scrollTo = saved;
    if (savedHeight) Object.defineProperty(Element.prototype, 'scrollHeight', savedHeight);
  };
});
afterEach(() => restoreScroll());

describe('a link to an epic on the roadmap (show_epic)', { timeout: 20_000 }, () => {
  it("scrolls straight to the epic's row, fetching only its window, and highlights it", async () => {
    const { client, calls } = createTestClient(
      handlers({
        epics: withPosition({ epicId: 'row-1234', position: 1_234, expandIds: [] }),
      }),
    );
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap?show_epic=77', client);

    const row = await screen.findByRole('listitem', { name: /^Row 1234,/ });
    expect(row.hasAttribute('data-highlighted')).toBe(true);
    expect(screen.getByRole('listitem', { name: /^Row 1233,/ }).hasAttribute('data-highlighted')).toBe(false);
    // The position was asked with the first page (one request), not with the windows; the windows
    // asked: the first page and those around row 1,234, none in between.
    const pages = calls.filter((c) => c.operationName === 'RoadmapGroupEpicsQuery');
    expect(pages[0]?.variables).toMatchObject({ fullPath: 'acme', withEpicPosition: true, showEpicIid: '77' });
    expect(pages.slice(1).every((c) => !c.variables.withEpicPosition)).toBe(true);
    const windows = pages.map((c) => startOf(c.variables.after));
    expect(windows[0]).toBe(0);
    expect(windows).toContain(1_200);
    expect(windows.filter((start) => start > 0).every((start) => start >= 1_100 && start <= 1_300)).toBe(true);
  });

  it('expands the epics down to a nested epic, then highlights its row', async () => {
    const parent = buildRoadmapEpic({
      id: 'parent',
      title: 'Parent epic',
      hasChildrenWithinTimeframe: true,
      childrenCount: 1,
      childrenCountWithinTimeframe: 1,
    });
    const child = buildRoadmapEpic({ id: 'child', title: 'Nested epic' });
    const { client } = createTestClient(
      handlers({
        epics: withPosition({ epicId: 'child', position: 0, expandIds: ['parent'] }, () => ({
          group: { ...GROUP, epics: connection([parent], 0, 1) },
        })),
        children: () => ({
          group: {
            ...GROUP,
            epic: {
              __typename: 'Epic',
              id: 'parent',
              childrenCount: 1,
              children: {
                __typename: 'EpicConnection',
                count: 1,
                nodes: [child],
                pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
              },
            },
          },
        }),
      }),
    );
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap?show_epic=2', client);

    const row = await screen.findByRole('listitem', { name: /^Nested epic,/ });
    await waitFor(() => expect(row.hasAttribute('data-highlighted')).toBe(true));
    expect(screen.getByRole('button', { name: 'Collapse' })).toBeTruthy();
  });

  it('says so when the epic is not on the roadmap, and shows the roadmap as usual', async () => {
    const { client } = createTestClient(handlers({ epics: withPosition(null) }));
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap?show_epic=5', client);
    expect(
      await screen.findByText('Epic &5 is not on this roadmap with the current filters and date range.'),
    ).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: /^Row 0,/ })).toBeTruthy();
  });
});
