import { describe, expect, it } from 'vitest';
import { pathError, pathFromName } from './paths.ts';

describe('pathError', () => {
  it.each([
    ['acme', true, null],
    ['acme-corp_2.0', true, null],
    ['_private', false, null],
    ['', false, "can't be blank"],
    ['-dash', false, 'can contain only'],
    ['trailing.', false, 'can contain only'],
    ['repo.git', false, 'can contain only'],
    ['feed.atom', false, 'can contain only'],
    ['two..dots', false, 'can contain only'],
    ['has space', false, 'can contain only'],
    ['ünïcode', false, 'can contain only'],
    ['admin', true, 'admin is a reserved name'],
    ['Users', true, 'Users is a reserved name'],
    ['admin', false, null],
    ['edit', false, 'edit is a reserved name'],
    ['edit', true, null],
    ['a'.repeat(256), false, 'is too long (maximum is 255 characters)'],
  ])('%j (top level: %s) → %j', (path, topLevel, expected) => {
    const error = pathError(path, topLevel);
    if (expected === null) expect(error).toBeNull();
    else expect(error).toContain(expected);
  });
});

describe('pathFromName', () => {
  it.each([
    ['Platform Web', 'platform-web'],
    ['  Acme  Corp!! ', 'acme-corp'],
    ['...dots...', 'dots'],
    ['Q3 2027 / Plans', 'q3-2027-plans'],
  ])('%j → %j', (name, expected) => {
    expect(pathFromName(name)).toBe(expected);
  });
});
