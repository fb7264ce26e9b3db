// markdown-it-footnote ships no types (and @types/markdown-it-footnote pins an older markdown-it).
declare module 'markdown-it-footnote' {
  import type { PluginSimple } from 'markdown-it';

  const footnote: PluginSimple;
  export default footnote;
}
