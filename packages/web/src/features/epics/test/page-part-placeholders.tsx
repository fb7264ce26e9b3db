/**
 * Stand-ins for the epic page's parts that have their own tests (the child items, the sidebar, the
 * linked items), for the page's tests: `vi.mock(path, () => import('./page-part-placeholders.tsx'))`.
 * The child items report their first page drawn at once, unless a test holds it (`holdTree`).
 */
import { useEffect } from 'react';

/** While `held`, the stand-in child items do not report their first page until 'Draw the tree' is pressed. */
export const holdTree = { held: false };

export function ChildItemsPanel({ iid, onFirstPage }: { iid: string; onFirstPage?: () => void }) {
  useEffect(() => {
    if (!holdTree.held) onFirstPage?.();
  }, [onFirstPage]);
  return (
    <section aria-label={`Child items of &${iid}`}>
      <button type="button" onClick={onFirstPage}>
        Draw the tree
      </button>
    </section>
  );
}

export function EpicSidebar({ iid, ready = true }: { iid: string; ready?: boolean }) {
  return <aside aria-label={`Sidebar of &${iid}`} aria-busy={!ready} />;
}

export function LinkedItems({ iid, ready = true }: { iid: string; ready?: boolean }) {
  return <section aria-label={`Linked items of &${iid}`} aria-busy={!ready} />;
}
