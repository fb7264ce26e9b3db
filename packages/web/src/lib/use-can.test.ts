import { describe, expect, it } from 'vitest';
import { useCan } from './use-can.ts';

describe('useCan', () => {
  const group = { userPermissions: { createSubgroup: true, createProjects: false, adminGroupMember: true } };

  it.each([
    ['createSubgroup', true],
    ['createProjects', false],
    ['adminGroupMember', true],
  ] as const)('reads %s from userPermissions', (ability, expected) => {
    expect(useCan(group, ability)).toBe(expected);
  });

  it('says no for a missing entity or missing permissions', () => {
    expect(useCan(null, 'createSubgroup' as never)).toBe(false);
    expect(useCan(undefined, 'createSubgroup' as never)).toBe(false);
    expect(useCan({ userPermissions: null }, 'createSubgroup' as never)).toBe(false);
  });

  it('says no for an ability the server did not send', () => {
    const partial: { userPermissions: { readGroup?: boolean; adminGroup?: boolean } } = {
      userPermissions: { readGroup: true },
    };
    expect(useCan(partial, 'adminGroup')).toBe(false);
    expect(useCan(partial, 'readGroup')).toBe(true);
  });

  it('does not treat truthy non-boolean values as permission', () => {
    const odd = { userPermissions: { adminGroup: 'yes' as unknown as boolean } };
    expect(useCan(odd, 'adminGroup')).toBe(false);
  });
});
