import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, draftKey, readDraft, writeDraft } from './drafts.ts';

afterEach(() => {
  window.localStorage.clear();
});

describe('issue drafts', () => {
  it('keys drafts by page path and query', () => {
    expect(draftKey({ pathname: '/acme/web/-/issues/3', search: '?x=1' })).toBe('autosave//acme/web/-/issues/3?x=1');
  });

  it('keeps title, description and lock version, and forgets them', () => {
    const key = draftKey({ pathname: '/acme/web/-/issues/3', search: '' });
    expect(readDraft(key)).toBeNull();
    writeDraft(key, { title: 'T', description: '', lockVersion: 4 });
    expect(readDraft(key)).toEqual({ title: 'T', description: '', lockVersion: 4 });
    expect(readDraft(draftKey({ pathname: '/acme/web/-/issues/3', search: '?other' }))).toBeNull();
    clearDraft(key);
    expect(readDraft(key)).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });
});
