import { describe, expect, it } from 'vitest';
import { ACCESS_LEVEL_ENUM, isMemberAccessLevel, MEMBER_ACCESS_LEVELS } from './access-level.ts';
import { isVisibilityName, visibilityLevel, visibilityName } from './visibility.ts';

describe('visibility', () => {
  it.each([
    [0, 'private'],
    [10, 'internal'],
    [20, 'public'],
  ] as const)('level %i is %s and back', (level, name) => {
    expect(visibilityName(level)).toBe(name);
    expect(visibilityLevel(name)).toBe(level);
  });

  it('accepts only the three names', () => {
    expect(['private', 'internal', 'public'].every(isVisibilityName)).toBe(true);
    expect(isVisibilityName('secret')).toBe(false);
    expect(isVisibilityName(20)).toBe(false);
  });
});

describe('access levels', () => {
  it('are GitLab’s five member roles', () => {
    expect(MEMBER_ACCESS_LEVELS).toEqual([10, 20, 30, 40, 50]);
    expect(MEMBER_ACCESS_LEVELS.map((l) => ACCESS_LEVEL_ENUM[l])).toEqual([
      'GUEST',
      'REPORTER',
      'DEVELOPER',
      'MAINTAINER',
      'OWNER',
    ]);
  });

  it.each([10, 50])('%i is a member level', (l) => expect(isMemberAccessLevel(l)).toBe(true));
  it.each([0, 15, 60, '30', null])('%j is not', (l) => expect(isMemberAccessLevel(l)).toBe(false));
});
