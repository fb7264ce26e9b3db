import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearCookies } from './cookies.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearCookies();
});
