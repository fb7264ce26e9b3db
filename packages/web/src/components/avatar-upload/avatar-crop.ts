/**
 * The square an avatar is cut from: the user zooms (1: the image's shorter side fills the square)
 * and moves it (the square's place along the image's spare width and height, 0 to 1). Drawn by
 * the browser's canvas; the server checks the bytes and the size again.
 */

/** GitLab's avatar limit (the server's `AVATAR_MAX_BYTES`): 200 KiB. */
export const AVATAR_MAX_BYTES = 200 * 1024;
/** The side of the saved image, in pixels (twice the largest avatar drawn, 64 px, and then some). */
export const AVATAR_SIDE = 256;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const AVATAR_TYPE_ERROR =
  'Avatar file format is not supported. Please try one of the following supported formats: png, jpg, jpeg, gif, webp';
export const MAX_ZOOM = 4;

export type Crop = { zoom: number; x: number; y: number };
export const INITIAL_CROP: Crop = { zoom: 1, x: 0.5, y: 0.5 };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The part of a `width` × `height` image the square shows, in the image's pixels. */
export function cropSquare(width: number, height: number, crop: Crop) {
  const side = Math.min(width, height) / clamp(crop.zoom, 1, MAX_ZOOM);
  return {
    sx: (width - side) * clamp(crop.x, 0, 1),
    sy: (height - side) * clamp(crop.y, 0, 1),
    side,
  };
}

/**
 * The crop after dragging the picture by (`dx`, `dy`) pixels of a `view`-pixel square: the picture
 * follows the pointer, so the square moves the other way; it never leaves the image.
 */
export function dragCrop(width: number, height: number, crop: Crop, dx: number, dy: number, view: number): Crop {
  const { side } = cropSquare(width, height, crop);
  const perPixel = side / view;
  const spareX = width - side;
  const spareY = height - side;
  return {
    zoom: crop.zoom,
    x: spareX > 0 ? clamp(crop.x - (dx * perPixel) / spareX, 0, 1) : 0.5,
    y: spareY > 0 ? clamp(crop.y - (dy * perPixel) / spareY, 0, 1) : 0.5,
  };
}

/** Draws the cropped square of `image` onto `canvas` (its own size). */
export function drawCrop(
  canvas: HTMLCanvasElement,
  image: CanvasImageSource,
  width: number,
  height: number,
  crop: Crop,
) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const { sx, sy, side } = cropSquare(width, height, crop);
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, side, side, 0, 0, canvas.width, canvas.height);
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * The avatar file: the square at 256 px as PNG (keeping transparency), or as JPEG when a photo's
 * PNG would pass the 200 KiB limit. Null when the browser cannot draw it.
 */
export async function renderAvatar(image: CanvasImageSource, width: number, height: number, crop: Crop) {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIDE;
  canvas.height = AVATAR_SIDE;
  drawCrop(canvas, image, width, height, crop);
  const png = await toBlob(canvas, 'image/png');
  if (png && png.size <= AVATAR_MAX_BYTES) return new File([png], 'avatar.png', { type: 'image/png' });
  const jpeg = await toBlob(canvas, 'image/jpeg', 0.9);
  return jpeg ? new File([jpeg], 'avatar.jpg', { type: 'image/jpeg' }) : null;
}
