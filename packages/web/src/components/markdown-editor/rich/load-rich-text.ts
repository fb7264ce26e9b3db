/** The rich text editor's chunk (Tiptap, the markdown parser and serializer), loaded once on demand. */
export const loadRichText = () => import('./rich-text-editor.tsx');
