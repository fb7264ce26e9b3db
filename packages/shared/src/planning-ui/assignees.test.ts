import { describe, expect, it } from 'vitest';
import { assigneeAvatarAlt, assigneeOverflow, avatarUrlWithWidth } from './assignees.ts';

describe('assigneeOverflow', () => {
  it.each([
    [0, 3, 0, null, null],
    [1, 3, 1, null, null],
    [3, 3, 3, null, null],
    [4, 3, 3, '+1', '1 more assignees'],
    [8, 3, 3, '+5', '5 more assignees'],
    [102, 3, 3, '+99', '99 more assignees'],
    [103, 3, 3, '99+', '100 more assignees'],
    [500, 3, 3, '99+', '497 more assignees'],
    [5, 1, 1, '+4', '4 more assignees'],
    [5, 10, 5, null, null],
  ])('%i assignees, %i visible → %i avatars, counter %j, tooltip %j', (total, max, visible, label, tooltip) => {
    const overflow = assigneeOverflow(total, max);
    expect(overflow.visible).toBe(visible);
    expect(overflow.hidden).toBe(total - visible);
    expect(overflow.counterLabel).toBe(label);
    expect(overflow.counterTooltip).toBe(tooltip);
  });

  it('shows 3 avatars by default and at least one whatever it is given', () => {
    expect(assigneeOverflow(5).visible).toBe(3);
    expect(assigneeOverflow(5, 0).visible).toBe(1);
    expect(assigneeOverflow(5, Number.NaN).visible).toBe(3);
  });
});

describe('assigneeAvatarAlt', () => {
  it('says who is assigned', () => expect(assigneeAvatarAlt('Alice Liddell')).toBe('Assigned to Alice Liddell'));
});

describe('avatarUrlWithWidth', () => {
  it.each([
    ['/uploads/user/avatar/1/a.png', '/uploads/user/avatar/1/a.png?width=48'],
    ['https://cdn.example.com/a.png?s=80&d=identicon', 'https://cdn.example.com/a.png?s=80&d=identicon&width=48'],
    ['https://cdn.example.com/a.png?', 'https://cdn.example.com/a.png?width=48'],
    ['/a.png?width=20', '/a.png?width=48'],
    ['/a.png?width=20&x=1', '/a.png?x=1&width=48'],
    ['/a.png?widths=2', '/a.png?widths=2&width=48'],
    ['/a.png#top', '/a.png?width=48#top'],
    ['/a.png?x=1#top', '/a.png?x=1&width=48#top'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['blob:https://example.com/1234', 'blob:https://example.com/1234'],
  ])('%s → %s', (url, expected) => expect(avatarUrlWithWidth(url, 48)).toBe(expected));
});
