import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../test/cookies.ts';
import { createTestClient, renderWithClient } from '../../roadmap/test/render-roadmap.tsx';
import { ChildItemsPanel } from './child-items-panel.tsx';
import { EMPTY_TEXT, LEARN_MORE_PATH } from './child-items-parts.tsx';
import { buildChildEpic, buildChildIssue, childItemsAnswer } from './test/child-items-fixtures.ts';
import { renderChildItemsPanel } from './test/render-child-items.tsx';
import { prefetchEpicTreeFirstPage } from './tree-first-page.ts';
import { SHOW_LABELS_KEY } from './use-show-labels.ts';

/** The tree's operation, as a computed key (handlers are functions, not components). */
const CHILD_ITEMS_QUERY = 'EpicChildItemsQuery';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  window.localStorage.clear();
  setCookie('_milepost_csrf', 'token');
});
afterEach(() => {
  window.localStorage.clear();
});

describe('ChildItemsPanel', { timeout: 20_000 }, () => {
  it('shows child epics first, then issues, with their details and the header counts', async () => {
    const epic = buildChildEpic({ title: 'Service mesh rollout', hasChildren: true, labelTitles: ['backend'] });
    const closed = buildChildIssue({
      title: 'Old bug',
      state: 'closed',
      closedAt: '2026-11-10T10:00:00Z',
      relativePosition: 1,
    });
    const blocked = buildChildIssue({ title: 'Blocked work', blocked: true, confidential: true, weight: 3 });
    renderChildItemsPanel({
      childItems: () => childItemsAnswer('1', { nodes: [epic] }, { nodes: [blocked, closed] }),
    });
    const tree = await screen.findByRole('treegrid', { name: 'Child issues and epics' });
    const rows = await within(tree).findAllByRole('row'); // the tree may render empty before its rows
    expect(rows.map((r) => within(r).getAllByRole('link')[0]?.textContent)).toEqual([
      'Service mesh rollout',
      'Old bug',
      'Blocked work',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Child issues and epics' })).toBeTruthy();
    expect(screen.getByText('1 child epic')).toBeTruthy();
    expect(screen.getByText('2 child issues')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText(epic.reference)).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('2 of 3 child epics closed')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('1 on track')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: 'Closed issue' })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByRole('img', { name: 'Blocked issue' })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByRole('img', { name: 'Confidential' })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Weight 3')).toBeTruthy();
    // Labels only when 'Show labels' is on; the choice is stored.
    expect(screen.queryByText('backend')).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Show labels' }));
    expect(screen.getByText('backend')).toBeTruthy();
    expect(window.localStorage.getItem(SHOW_LABELS_KEY)).toBe('true');
  });

  it("shows the empty state with 'Add issue' and 'Add epic' when the epic has no children", async () => {
    renderChildItemsPanel({ childItems: () => childItemsAnswer('1', { nodes: [] }, { nodes: [] }) });
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
    // 'Learn more' is Milepost's own help page.
    expect(screen.getByRole('link', { name: /^Learn more/ }).getAttribute('href')).toBe(LEARN_MORE_PATH);
    await userEvent.click(screen.getByRole('button', { name: 'Add issue' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add an existing issue' }));
    expect(await screen.findByRole('heading', { name: 'Add existing issue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add epic' })).toBeTruthy();
  });

  it('shows the empty state without buttons to a viewer who may not add children', async () => {
    renderChildItemsPanel({ childItems: () => childItemsAnswer('1', { nodes: [] }, { nodes: [] }, { admin: false }) });
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add issue' })).toBeNull();
  });

  it("continues with 'Show more' using each list's own end cursor", async () => {
    const first = buildChildIssue({ title: 'First page issue' });
    const second = buildChildIssue({ title: 'Second page issue' });
    const epic = buildChildEpic({ title: 'Only epic' });
    const calls = renderChildItemsPanel({
      childItems: (vars) =>
        vars.issueEndCursor
          ? childItemsAnswer('1', { nodes: [] }, { nodes: [second] })
          : childItemsAnswer(
              '1',
              { nodes: [epic], endCursor: 'E1' },
              { nodes: [first], hasNextPage: true, endCursor: 'I1' },
            ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Second page issue' })).toBeTruthy();
    const more = calls.filter((c) => c.operationName === 'EpicChildItemsQuery')[1];
    expect(more?.variables).toMatchObject({ pageSize: 100, issueEndCursor: 'I1', fullPath: 'acme', iid: '1' });
    expect(more?.variables.epicEndCursor).toBeUndefined();
    expect(screen.getAllByRole('link', { name: 'Only epic' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('fetches an epic’s children on first expansion only, and reports a failed fetch', async () => {
    const parent = buildChildEpic({ title: 'Database upgrade', hasChildren: true, iid: '7' });
    const broken = buildChildEpic({ title: 'Broken branch', hasIssues: true, iid: '8' });
    const nested = buildChildIssue({ title: 'Online index builds' });
    const calls = renderChildItemsPanel({
      childItems: (vars) => {
        if (vars.iid === '7') return childItemsAnswer('7', { nodes: [] }, { nodes: [nested] });
        if (vars.iid === '8') return new Error('boom');
        return childItemsAnswer('1', { nodes: [parent, broken] }, { nodes: [] });
      },
    });
    const row = (await screen.findByRole('link', { name: 'Database upgrade' })).closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /^Expand/ }));
    expect(await screen.findByRole('link', { name: 'Online index builds' })).toBeTruthy();
    expect(row.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Online index builds').closest('[role="row"]')?.getAttribute('aria-level')).toBe('2');
    await userEvent.click(within(row).getByRole('button', { name: /^Collapse/ }));
    expect(screen.queryByRole('link', { name: 'Online index builds' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: /^Expand/ }));
    expect(await screen.findByRole('link', { name: 'Online index builds' })).toBeTruthy();
    expect(calls.filter((c) => c.variables.iid === '7')).toHaveLength(1);

    const brokenRow = screen.getByRole('link', { name: 'Broken branch' }).closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(brokenRow).getByRole('button', { name: /^Expand/ }));
    // An alert at the top and a note in the branch.
    expect(await screen.findAllByText('Something went wrong while fetching child epics.')).toHaveLength(2);
    expect(brokenRow.getAttribute('aria-expanded')).toBe('true');
  });

  it('removes an item after confirmation, then fetches the tree again', async () => {
    const issue = buildChildIssue({ title: 'Remove me' });
    let removed = false;
    const fetchMock = vi.fn(async () => {
      removed = true;
      return jsonResponse(200, { issuables: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderChildItemsPanel({
      childItems: () => childItemsAnswer('1', { nodes: [] }, { nodes: removed ? [] : [issue] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Remove me' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you sure you want to remove Remove me from Platform modernization?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Remove me' })).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith(issue.relationPath, expect.objectContaining({ method: 'DELETE' }));
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
  });

  it('warns more strongly before removing an epic with children, and reports a failed removal', async () => {
    const epic = buildChildEpic({ title: 'Big epic', hasChildren: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(500, {})),
    );
    renderChildItemsPanel({ childItems: () => childItemsAnswer('1', { nodes: [epic] }, { nodes: [] }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Big epic' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/has child items of its own/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Something went wrong while removing epic.')).toBeTruthy();
  });

  it('hides the Add menu and remove buttons without relation rights', async () => {
    const issue = buildChildIssue({ title: 'Read only' });
    renderChildItemsPanel({
      childItems: () => childItemsAnswer('1', { nodes: [] }, { nodes: [issue] }, { admin: false }),
    });
    expect(await screen.findByRole('link', { name: 'Read only' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Read only' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move Read only up' })).toBeNull();
  });

  it('reorders optimistically and reverts with the reason beside the tree when the server refuses', async () => {
    const a = buildChildIssue({ title: 'Alpha', relativePosition: 10 });
    const b = buildChildIssue({ title: 'Beta', relativePosition: 20 });
    const calls = renderChildItemsPanel({
      childItems: () => childItemsAnswer('1', { nodes: [] }, { nodes: [a, b] }),
      reorder: () => ({ epicTreeReorder: { __typename: 'EpicTreeReorderPayload', errors: ['Epic Not Found'] } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Move Alpha down' }));
    const panel = screen.getByRole('region', { name: 'Child issues and epics' });
    expect((await within(panel).findByRole('alert')).textContent).toContain(
      'Something went wrong while ordering item. Epic Not Found',
    );
    const titles = () => screen.getAllByRole('row').map((r) => within(r).getAllByRole('link')[0]?.textContent);
    expect(titles()).toEqual(['Alpha', 'Beta']);
    const mutation = calls.find((c) => c.operationName === 'EpicTreeReorderMutation');
    expect(mutation?.variables).toEqual({
      input: {
        baseEpicId: 'gid://gitlab/Epic/1',
        moved: { id: a.epicIssueId, adjacentReferenceId: b.epicIssueId, relativePosition: 'before' },
      },
    });
  });

  it('keeps a successful reorder', async () => {
    const a = buildChildIssue({ title: 'Alpha', relativePosition: 10 });
    const b = buildChildIssue({ title: 'Beta', relativePosition: 20 });
    renderChildItemsPanel({
      childItems: () => childItemsAnswer('1', { nodes: [] }, { nodes: [a, b] }),
      reorder: () => ({ epicTreeReorder: { __typename: 'EpicTreeReorderPayload', errors: [] } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Move Beta up' }));
    const titles = () => screen.getAllByRole('row').map((r) => within(r).getAllByRole('link')[0]?.textContent);
    await waitFor(() => expect(titles()).toEqual(['Beta', 'Alpha']));
  });

  it('draws the rows in its first render when the prefetched first page has already arrived, asking once', async () => {
    const { client, calls } = createTestClient({
      [CHILD_ITEMS_QUERY]: () =>
        childItemsAnswer('1', { nodes: [buildChildEpic({ title: 'Service mesh rollout' })] }, { nodes: [] }),
    });
    await prefetchEpicTreeFirstPage(client, 'acme', '1');
    renderWithClient(<ChildItemsPanel groupFullPath="acme" iid="1" />, '/groups/acme/-/epics/1', client);
    // No skeleton first: the row is there as soon as the panel is.
    expect(screen.queryByRole('status', { name: 'Loading child items' })).toBeNull();
    const tree = screen.getByRole('treegrid', { name: 'Child issues and epics' });
    expect(within(tree).getByRole('link', { name: 'Service mesh rollout' })).toBeTruthy();
    expect(screen.getByText('1 child epic')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.operationName === CHILD_ITEMS_QUERY)).toHaveLength(1));
  });
});
