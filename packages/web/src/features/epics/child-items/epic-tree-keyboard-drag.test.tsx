import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setCookie } from '../../../test/cookies.ts';
import { buildChildEpic, buildChildIssue, childItemsAnswer } from './test/child-items-fixtures.ts';
import { renderChildItemsPanel } from './test/render-child-items.tsx';

beforeEach(() => {
  window.localStorage.clear();
  setCookie('_milepost_csrf', 'token');
});

// While a drag is on, React Aria hides everything but the drop targets from assistive technology.
const rowOf = (title: string) =>
  screen.getByRole('link', { name: title, hidden: true }).closest('[role="row"]') as HTMLElement;

/** As a keyboard user: the row focused, Right to its drag handle, Enter. */
async function pickUp(user: ReturnType<typeof userEvent.setup>, title: string) {
  rowOf(title).focus();
  await user.keyboard('{ArrowRight}');
  expect(document.activeElement?.getAttribute('aria-label')).toBe(`Drag ${title}`);
  await user.keyboard('{Enter}');
}

/**
 * Keyboard drag and drop in the child-items tree (React Aria): Enter on a row's drag handle picks the
 * item up, the arrows walk the drop targets (before, into, after each row) skipping the ones the drop
 * rules refuse, and Enter drops — here into another epic, which reparents the item.
 */
describe('EpicTree keyboard drag', { timeout: 20_000 }, () => {
  it('re-targets with the arrows, skips a refused parent, and reparents with Enter', async () => {
    const user = userEvent.setup();
    const target = buildChildEpic({ title: 'Target epic' });
    const secret = buildChildEpic({ title: 'Secret epic', confidential: true });
    const other = buildChildIssue({ title: 'Other issue', relativePosition: 1 });
    const mover = buildChildIssue({ title: 'Mover', relativePosition: 2 });
    let moved = false;
    const calls = renderChildItemsPanel({
      childItems: () => childItemsAnswer('1', { nodes: [target, secret] }, { nodes: moved ? [other] : [other, mover] }),
      reorder: () => {
        moved = true;
        return { epicTreeReorder: { __typename: 'EpicTreeReorderPayload', errors: [] } };
      },
    });
    await screen.findByRole('link', { name: 'Mover' });

    await pickUp(user, 'Mover');
    await waitFor(() => expect(rowOf('Mover').hasAttribute('data-dragging')).toBe(true));

    // The arrows walk the targets the rules allow — reordering among the issues, into the public
    // epic — and never offer the confidential epic (a public issue cannot go there).
    const offered = new Set<string>();
    const look = () => offered.add(document.activeElement?.getAttribute('aria-label') ?? '');
    look();
    for (let step = 0; step < 8; step++) {
      await user.keyboard('{ArrowUp}');
      look();
    }
    expect(offered).toContain('Drop on Target epic');
    expect([...offered].some((label) => label.startsWith('Insert'))).toBe(true);
    expect([...offered].filter((label) => label.includes('Secret epic') && !label.startsWith('Insert'))).toEqual([]);
    expect(rowOf('Secret epic').hasAttribute('data-drop-target')).toBe(false);

    for (let step = 0; step < 12 && !rowOf('Target epic').hasAttribute('data-drop-target'); step++) {
      await user.keyboard('{ArrowDown}');
    }
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Drop on Target epic');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.some((c) => c.operationName === 'EpicTreeReorderMutation')).toBe(true));
    const mutation = calls.find((c) => c.operationName === 'EpicTreeReorderMutation');
    expect(mutation?.variables).toEqual({
      input: {
        baseEpicId: 'gid://gitlab/Epic/1',
        moved: { id: mover.epicIssueId, newParentId: target.id },
      },
    });
    // Gone from the root (and not put back: the server agreed).
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Mover', hidden: true })).toBeNull());
  });

  it('leaves the tree as it was when Escape cancels a keyboard drag', async () => {
    const user = userEvent.setup();
    const target = buildChildEpic({ title: 'Target epic' });
    const mover = buildChildIssue({ title: 'Mover' });
    const calls = renderChildItemsPanel({
      childItems: () => childItemsAnswer('1', { nodes: [target] }, { nodes: [mover] }),
    });
    await screen.findByRole('link', { name: 'Mover' });
    await pickUp(user, 'Mover');
    await waitFor(() => expect(rowOf('Mover').hasAttribute('data-dragging')).toBe(true));
    await user.keyboard('{ArrowUp}{Escape}');
    await waitFor(() => expect(rowOf('Mover').hasAttribute('data-dragging')).toBe(false));
    expect(calls.some((c) => c.operationName === 'EpicTreeReorderMutation')).toBe(false);
    expect(rowOf('Mover').getAttribute('aria-level')).toBe('1');
  });
});
