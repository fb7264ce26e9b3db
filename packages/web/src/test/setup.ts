import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearCookies } from './cookies.ts';

// jsdom has no `CSS.escape`; React Aria's modals call it (CSSOM's algorithm, for selectors).
if (typeof globalThis.CSS === 'undefined') {
  const cssEscape = (value: string): string =>
    Array.from(String(value), (char, i) => {
      const code = char.codePointAt(0) ?? 0;
      if (code === 0) return '\uFFFD';
      if ((code >= 0x1 && code <= 0x1f) || code === 0x7f) return `\\${code.toString(16)} `;
      if (/[0-9]/.test(char) && (i === 0 || (i === 1 && value[0] === '-'))) return `\\${code.toString(16)} `;
      if (i === 0 && char === '-' && value.length === 1) return `\\${char}`;
      if (code >= 0x80 || /[-_a-zA-Z0-9]/.test(char)) return char;
      return `\\${char}`;
    }).join('');
  Object.defineProperty(globalThis, 'CSS', { value: { escape: cssEscape, supports: () => false }, configurable: true });
}

// `findBy…` and `waitFor` wait up to 5 s (Testing Library's 1 s is too short with two workers on two
// cores); like the test time-out, a hang guard only.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearCookies();
});
