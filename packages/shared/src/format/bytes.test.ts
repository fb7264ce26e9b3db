import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.00 KiB'],
    [1536, '1.50 KiB'],
    [10 * 1024 * 1024, '10.00 MiB'],
    [256 * 1024 * 1024, '256.00 MiB'],
    [300 * 1024 * 1024 + 5, '300.00 MiB'],
    [3 * 1024 ** 3, '3.00 GiB'],
    [5 * 1024 ** 4, '5120.00 GiB'],
  ])('%i → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
