/**
 * Byte sizes as GitLab shows them (spec 002 §9): 1024 steps, B, KiB, MiB, GiB, two decimals
 * (`512 B`, `1.50 KiB`, `256.00 MiB`).
 */
const UNITS = ['KiB', 'MiB', 'GiB'] as const;

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${UNITS[unit]}`;
}

/** Upload defaults (spec 002 §9): 2 at a time, thumbnails 120 × 120 of images up to 10 MiB. */
export const UPLOAD_DEFAULTS = {
  parallelUploads: 2,
  thumbnailSize: 120,
  maxThumbnailBytes: 10 * 1024 * 1024,
} as const;
