import { useState } from 'react';

/** GitLab's two editing modes: the markdown field (plain text) and the content editor (rich text). */
export type EditorMode = 'markdownField' | 'contentEditor';

/** GitLab's key for the last mode chosen in this browser. */
export const EDITOR_MODE_KEY = 'gl-markdown-editor-mode';

// The choice when the browser keeps no storage (blocked or full): for this page only.
let memory: EditorMode | null = null;

/** The mode last chosen in this browser, if any. */
export function storedMode(): EditorMode | null {
  try {
    const value = window.localStorage.getItem(EDITOR_MODE_KEY);
    return value === 'markdownField' || value === 'contentEditor' ? value : memory;
  } catch {
    return memory;
  }
}

/**
 * The mode a markdown editor opens in: the user's preference (Preferences → 'Default text editor')
 * when set, else the last one chosen in this browser, else plain text (spec 001 §2.7: rich text
 * only when the user's setting says so). A switch applies to this editor now and is remembered.
 */
export function useEditorMode(preferred: EditorMode | null = null): [EditorMode, (mode: EditorMode) => void] {
  const [mode, setLocal] = useState<EditorMode>(() => preferred ?? storedMode() ?? 'markdownField');
  const setMode = (next: EditorMode) => {
    setLocal(next);
    memory = next;
    try {
      window.localStorage.setItem(EDITOR_MODE_KEY, next);
    } catch {
      // Storage blocked: `memory` keeps the choice for this page.
    }
  };
  return [mode, setMode];
}
