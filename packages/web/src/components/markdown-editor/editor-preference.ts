import { createContext } from 'react';
import type { EditorMode } from './use-editor-mode.ts';

/**
 * The signed-in user's default text editor (Preferences → 'Default text editor'), provided once
 * by the app; null when not set (plain text) or signed out.
 */
export const EditorPreferenceContext = createContext<EditorMode | null>(null);
