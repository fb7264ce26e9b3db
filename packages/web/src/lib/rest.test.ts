import { describe, expect, it } from 'vitest';
import { restContainerUrl, restErrorMessage } from './rest.ts';

describe('restErrorMessage', () => {
  it.each([
    [{ message: 'Promotion failed - Title has already been taken' }, 'Promotion failed - Title has already been taken'],
    [{ message: { title: ['has already been taken'] } }, 'Title has already been taken'],
    [
      { message: { color: ['must be a valid color code'], due_date: ['must be greater than start date'] } },
      'Color must be a valid color code. Due date must be greater than start date',
    ],
    [{ error: 'priority is invalid' }, 'priority is invalid'],
    [{}, 'fallback'],
    [null, 'fallback'],
    ['text', 'fallback'],
  ])('%j → %j', (body, expected) => expect(restErrorMessage(body, 'fallback')).toBe(expected));
});

describe('restContainerUrl', () => {
  it('encodes the full path as one id', () => {
    expect(restContainerUrl('project', 'acme/platform/api')).toBe('/api/v4/projects/acme%2Fplatform%2Fapi');
    expect(restContainerUrl('group', 'acme')).toBe('/api/v4/groups/acme');
  });
});
