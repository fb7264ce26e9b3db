import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestClient, type Handler, renderWithClient } from '../../roadmap/test/render-roadmap.tsx';
import { BlockingPopover } from './blocking-popover.tsx';

const blocker = (n: number, title = `Blocker ${n}`) => ({
  __typename: 'Issue',
  id: `gid://gitlab/Issue/${n}`,
  iid: String(n),
  title,
  reference: `acme/web#${n}`,
  webPath: `/acme/web/-/issues/${n}`,
});

function setup(handler: Handler, count: number) {
  const { client } = createTestClient({ BlockingIssuesQuery: handler });
  renderWithClient(
    <BlockingPopover projectPath="acme/web" iid="12" blockedByCount={count} />,
    '/acme/web/-/issues/12',
    client,
  );
  return userEvent.setup();
}

const result = (nodes: ReturnType<typeof blocker>[], count: number) => ({
  project: {
    __typename: 'Project',
    id: 'gid://gitlab/Project/3',
    issue: {
      __typename: 'Issue',
      id: 'gid://gitlab/Issue/40',
      webUrl: 'http://milepost.test/acme/web/-/issues/12',
      blockedByCount: count,
      blockedByIssues: { __typename: 'IssueConnection', nodes },
    },
  },
});

describe('BlockingPopover', () => {
  it('lists at most 3 blockers, titles cut at 80 characters, and links the rest to #related-issues', async () => {
    const long = 'x'.repeat(100);
    const user = setup(() => result([blocker(1, long), blocker(2), blocker(3)], 5), 5);
    await user.click(screen.getByRole('button', { name: 'Blocked by 5 issues' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blocked by 5 issues' });
    const links = (await screen.findAllByRole('link')).map((l) => l.textContent);
    expect(links).toEqual([`${'x'.repeat(80)}…`, 'Blocker 2', 'Blocker 3', '+ 2 more']);
    expect(screen.getByRole('link', { name: '+ 2 more' }).getAttribute('href')).toBe(
      '/acme/web/-/issues/12#related-issues',
    );
    expect(dialog.textContent).toContain('acme/web#1');
  });

  it("says 'Failed to fetch blocking issues' when the blockers cannot be fetched", async () => {
    const user = setup(() => new Error('network'), 1);
    await user.click(screen.getByRole('button', { name: 'Blocked by 1 issue' }));
    expect(await screen.findByText('Failed to fetch blocking issues')).toBeTruthy();
  });
});
