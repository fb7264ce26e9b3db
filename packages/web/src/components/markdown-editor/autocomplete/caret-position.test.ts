import { describe, expect, it } from 'vitest';
import { listPosition } from './caret-position.ts';

describe('listPosition', () => {
  const frame = { left: 100, top: 50, width: 600 };
  const size = { width: 240, height: 200 };

  it('opens under the caret line, from the caret', () => {
    expect(listPosition({ left: 300, top: 120, height: 20 }, frame, size, 900)).toEqual({ left: 200, top: 94 });
  });

  it('stays inside the frame on the right and on the left', () => {
    expect(listPosition({ left: 690, top: 120, height: 20 }, frame, size, 900).left).toBe(600 - 240 - 4);
    expect(listPosition({ left: 90, top: 120, height: 20 }, frame, size, 900).left).toBe(4);
  });

  it('opens above the caret when the window has no room below', () => {
    expect(listPosition({ left: 300, top: 800, height: 20 }, frame, size, 900)).toEqual({ left: 200, top: 546 });
    // no room above either: below, where the page can scroll
    expect(listPosition({ left: 300, top: 100, height: 20 }, frame, size, 250).top).toBe(74);
  });
});
