import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AssigneeAvatarList, type PlanningAssignee } from './assignee-avatar-list.tsx';

function buildAssignee(n: number, overrides: Partial<PlanningAssignee> = {}): PlanningAssignee {
  return {
    id: `gid://gitlab/User/${n}`,
    name: `User ${n}`,
    username: `user${n}`,
    webPath: `/user${n}`,
    avatarUrl: `/uploads/-/system/user/avatar/${n}/avatar.png`,
    ...overrides,
  };
}

function buildAssignees(count: number): PlanningAssignee[] {
  return Array.from({ length: count }, (_, i) => buildAssignee(i + 1));
}

describe('AssigneeAvatarList', () => {
  it('links each avatar to its user with the alt text "Assigned to …"', () => {
    render(<AssigneeAvatarList assignees={[buildAssignee(1, { name: 'Alice Liddell', webPath: '/alice' })]} />);
    const link = screen.getByRole('link', { name: 'Assigned to Alice Liddell' });
    expect(link.getAttribute('href')).toBe('/alice');
    expect(screen.getByAltText('Assigned to Alice Liddell')).toBeTruthy();
  });

  it('asks for images twice the display size, whether the URL has a query or not', () => {
    render(
      <AssigneeAvatarList
        assignees={[
          buildAssignee(1, { avatarUrl: '/uploads/a.png' }),
          buildAssignee(2, { avatarUrl: 'https://www.gravatar.com/avatar/abc?s=80&d=identicon' }),
        ]}
      />,
    );
    const [first, second] = screen.getAllByRole('img') as HTMLImageElement[];
    expect(first?.getAttribute('src')).toBe('/uploads/a.png?width=48');
    expect(first?.getAttribute('width')).toBe('24');
    expect(second?.getAttribute('src')).toBe('https://www.gravatar.com/avatar/abc?s=80&d=identicon&width=48');
  });

  it('uses the given size for the display and the requested width', () => {
    render(<AssigneeAvatarList assignees={[buildAssignee(1, { avatarUrl: '/a.png' })]} size={32} />);
    const image = screen.getByRole('img');
    expect(image.getAttribute('src')).toBe('/a.png?width=64');
    expect(image.getAttribute('height')).toBe('32');
  });

  it('falls back to the initial when the user has no avatar', () => {
    render(<AssigneeAvatarList assignees={[buildAssignee(1, { name: 'bob', avatarUrl: null })]} />);
    const link = screen.getByRole('link', { name: 'Assigned to bob' });
    expect(link.textContent).toBe('b');
    expect(within(link).queryByRole('img')).toBeNull();
  });

  it('shows three avatars by default and counts the rest as "+N"', () => {
    render(<AssigneeAvatarList assignees={buildAssignees(8)} />);
    expect(screen.getAllByRole('link')).toHaveLength(3);
    const counter = screen.getByRole('img', { name: '5 more assignees' });
    expect(counter.textContent).toBe('+5');
  });

  it('shows every avatar and no counter when they fit', () => {
    render(<AssigneeAvatarList assignees={buildAssignees(3)} />);
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.queryByText(/^\+/)).toBeNull();
  });

  it('honours maxVisible', () => {
    render(<AssigneeAvatarList assignees={buildAssignees(4)} maxVisible={1} />);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('img', { name: '3 more assignees' }).textContent).toBe('+3');
  });

  it("caps the counter at '99+' past 99 hidden assignees", () => {
    render(<AssigneeAvatarList assignees={buildAssignees(103)} />);
    expect(screen.getByRole('img', { name: '100 more assignees' }).textContent).toBe('99+');
  });

  it('renders nothing without assignees', () => {
    const { container } = render(<AssigneeAvatarList assignees={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the "%{count} more assignees" tooltip when the counter gets keyboard focus', async () => {
    const user = userEvent.setup();
    render(<AssigneeAvatarList assignees={buildAssignees(8)} />);
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('+5');
    expect((await screen.findByRole('tooltip')).textContent).toBe('5 more assignees');
  });
});
