/**
 * The rich text editor builds the autolink's linkify state machine while the browser is idle after
 * it is made, so the first space typed (where autolinking first reads a word) does not pay for it.
 */
import { render, screen, waitFor } from '@testing-library/react';
import * as linkify from 'linkifyjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MarkdownEditor } from '../markdown-editor.tsx';
import { stubLayoutForProseMirror } from './jsdom-layout.ts';

vi.mock('linkifyjs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('linkifyjs')>();
  return { ...actual, tokenize: vi.fn(actual.tokenize) };
});

beforeAll(() => {
  stubLayoutForProseMirror();
  window.localStorage.setItem('gl-markdown-editor-mode', 'contentEditor');
});
afterAll(() => window.localStorage.removeItem('gl-markdown-editor-mode'));

describe('rich text autolinking', () => {
  it('is made ready once the editor is there, before anything is typed', async () => {
    const tokenize = vi.mocked(linkify.tokenize);
    tokenize.mockClear();
    render(<MarkdownEditor value="Intro" onChange={() => {}} preview={async (text) => text} />);
    const rich = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    await waitFor(() => expect(rich.textContent).toContain('Intro'));
    await waitFor(() => expect(tokenize).toHaveBeenCalledWith(''));
    // Built: a word is read without building it again.
    expect(linkify.find('see example.com').map((link) => link.href)).toEqual(['http://example.com']);
  });
});
