import { describe, expect, it } from 'vitest';
import { reorderNeighbours } from '../../../components/issuable-list/manual-reorder.tsx';
import { preferredToday, setDatePreferences } from '../../../lib/format-date.ts';
import { bulkUpdateInput } from './issues-bulk-edit.tsx';

describe('reorderNeighbours (GitLab move_before_id / move_after_id)', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it.each([
    [0, 2, { before: 'c', after: 'd' }],
    [3, 0, { before: null, after: 'a' }],
    [0, 3, { before: 'd', after: null }],
    [2, 1, { before: 'a', after: 'b' }],
    [1, 1, null],
  ] as const)('%i → %i', (from, to, expected) => {
    expect(reorderNeighbours(ids, from, to)).toEqual(expected);
  });
});

describe('bulkUpdateInput', () => {
  const keep = {
    state: '__keep__',
    assignee: '__keep__',
    milestone: '__keep__',
    addLabel: '__keep__',
    removeLabel: '__keep__',
    health: '__keep__',
    weight: '__keep__',
    confidential: '__keep__',
    subscription: '__keep__',
  };
  it('sends only what changes', () => {
    expect(bulkUpdateInput(keep)).toEqual({});
  });

  it.each([
    [{ state: 'closed' }, { stateEvent: 'CLOSE' }],
    [{ state: 'opened' }, { stateEvent: 'REOPEN' }],
    [{ assignee: '__none__' }, { assigneeIds: [] }],
    [{ assignee: 'gid://gitlab/User/3' }, { assigneeIds: ['gid://gitlab/User/3'] }],
    [{ milestone: '__none__' }, { milestoneId: null }],
    [
      { addLabel: 'gid://gitlab/Label/1', removeLabel: 'gid://gitlab/Label/2' },
      { addLabelIds: ['gid://gitlab/Label/1'], removeLabelIds: ['gid://gitlab/Label/2'] },
    ],
    [{ health: 'atRisk' }, { healthStatus: 'atRisk' }],
    [{ health: '__none__' }, { healthStatus: null }],
    [{ weight: '0' }, { weight: 0 }],
    [{ weight: '__none__' }, { weight: null }],
    [{ confidential: 'false' }, { confidential: false }],
    [{ subscription: 'unsubscribe' }, { subscriptionEvent: 'UNSUBSCRIBE' }],
  ])('%j → %j', (change, input) => {
    expect(bulkUpdateInput({ ...keep, ...change })).toEqual(input);
  });
});

describe('preferredToday (the rows’ today)', () => {
  it('is the calendar date in the viewer time zone without a preference', () => {
    expect(preferredToday(new Date(2024, 1, 29, 23, 30))).toBe('2024-02-29');
    expect(preferredToday(new Date(2026, 0, 1, 0, 5))).toBe('2026-01-01');
  });

  it('is the calendar date in the preferred time zone once the user has one', () => {
    setDatePreferences({ timeZone: 'Asia/Tokyo', dateFormat: 'mdy' });
    try {
      expect(preferredToday(new Date('2025-11-22T15:30:00Z'))).toBe('2025-11-23');
    } finally {
      setDatePreferences({ timeZone: null, dateFormat: 'mdy' });
    }
  });
});
