import { describe, expect, it } from 'vitest';
import { cropSquare, dragCrop, INITIAL_CROP, MAX_ZOOM } from './avatar-crop.ts';

describe('cropSquare', () => {
  it.each([
    // width, height, crop, expected square
    [400, 200, INITIAL_CROP, { sx: 100, sy: 0, side: 200 }],
    [200, 400, INITIAL_CROP, { sx: 0, sy: 100, side: 200 }],
    [400, 200, { zoom: 2, x: 0, y: 1 }, { sx: 0, sy: 100, side: 100 }],
    [300, 300, { zoom: 1, x: 1, y: 1 }, { sx: 0, sy: 0, side: 300 }],
    // Out of range values stay inside the image.
    [400, 400, { zoom: MAX_ZOOM * 2, x: 2, y: -1 }, { sx: 300, sy: 0, side: 100 }],
  ])('%i×%i %o → %o', (width, height, crop, expected) => {
    expect(cropSquare(width, height, crop)).toEqual(expected);
  });
});

describe('dragCrop', () => {
  it('moves the square against the pointer, in image pixels, and stops at the edges', () => {
    // 400×200 at zoom 1: the square is 200 image px shown in 100 view px (2 image px per view px).
    const left = dragCrop(400, 200, INITIAL_CROP, 25, 0, 100);
    expect(cropSquare(400, 200, left).sx).toBe(50);
    expect(dragCrop(400, 200, INITIAL_CROP, -1000, 0, 100).x).toBe(1);
    // No spare height: the vertical place stays centred.
    expect(dragCrop(400, 200, INITIAL_CROP, 0, 40, 100).y).toBe(0.5);
  });
});
