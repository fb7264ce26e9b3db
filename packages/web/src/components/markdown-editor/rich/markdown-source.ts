import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

/**
 * Where a top-level block came from: its exact markdown, its place among the parsed blocks and the
 * text around it (blank lines; before the first and after the last block, the document's own).
 */
export type BlockSource = {
  index: number;
  before: string;
  source: string;
  after: string;
  last: boolean;
};

// ProseMirror nodes are immutable and a transaction reuses every node it does not change, so a
// block that is still the very object the parser made is exactly the markdown it was made from.
const sources = new WeakMap<ProseMirrorNode, BlockSource>();

export function rememberSource(node: ProseMirrorNode, source: BlockSource): void {
  sources.set(node, source);
}

export function sourceOf(node: ProseMirrorNode | null | undefined): BlockSource | undefined {
  return node ? sources.get(node) : undefined;
}
