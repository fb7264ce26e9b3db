/**
 * Fewer, larger chunks for a first load (decision 0059). Left to itself the bundler cuts one chunk per
 * set of pages that share a module: the app's start came in 13 files, and the two catch-all pages
 * (the namespace page: project pages, the issue page; the groups page: epics, epic page, roadmap,
 * group issues) pulled ~34 small shared chunks each. Under load every request costs the server and
 * the browser's six connections more than its bytes, so a first load waited for 50–75 files.
 *
 * This sorts each module of the app into one of a few chunks by who needs it:
 *
 * - `app`: what the entry imports (the shell, router, prefetch, the shell's queries), one chunk;
 * - `pages-shared`: what the catch-all pages share with any other page (dashboards, admin, …);
 * - `pages`: what both catch-all pages need and no other page does;
 * - `project-pages` / `group-pages`: what only the namespace page / only the groups page needs.
 *
 * A module one of the catch-all pages reaches only through a dynamic import (the rich-text editor,
 * the burndown chart, the epic's child roadmap) stays where the bundler puts it: it still loads
 * when it is first shown. Every other page (admin, settings, profile, dashboards, …) keeps its
 * own lazily loaded chunk. A chunk only ever imports chunks of the tiers after it in that list
 * (a module's importers reach it from a subset of the pages that reach its imports), so no two of
 * these chunks import each other.
 *
 * The GraphQL documents are modules of their own (`graphql-documents.ts`) that the generated module
 * re-exports; they are placed by the modules that name them, not by that facade (which the entry
 * imports), so each stays with its users.
 */

/** The part of Rolldown's module info the sorting reads. */
export type ModuleNode = {
  id: string;
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
  code: string | null;
};
export type ModuleGraph = (id: string) => ModuleNode | null;

export type PageChunk = 'app' | 'pages-shared' | 'pages' | 'project-pages' | 'group-pages';

/** The two catch-all pages of the router (`app/router.tsx`). */
const PROJECT_PAGE = /[\\/]src[\\/]features[\\/]namespaces[\\/]namespace-page\.tsx$/;
const GROUP_PAGE = /[\\/]src[\\/]features[\\/]namespaces[\\/]groups-prefix-page\.tsx$/;
/** The documents' modules (`graphql-documents.ts`) and the names their users write. */
const DOCUMENT_PREFIX = '\0milepost-graphql-document:';
const DOCUMENT_NAME = /\b\w+(?:Document|FragmentDoc)\b/g;

/**
 * Answers a function that names the chunk of a module (null: the bundler decides) for one build.
 * The answers are remembered for the module graph they were computed on; a new chunking pass (a
 * rebuild in watch mode) starts over.
 */
export function pageChunkSorter(): (id: string, graph: ModuleGraph) => PageChunk | null {
  // Rolldown hands out the same info objects within one chunking pass: a module's object that
  // changed means a new pass.
  let pass: { probe: string; node: ModuleNode; sorter: Sorter } | null = null;
  return (id, graph) => {
    const node = graph(id);
    if (!node) return null;
    if (!pass || graph(pass.probe) !== pass.node) pass = { probe: id, node, sorter: new Sorter() };
    pass.sorter.graph = graph;
    return pass.sorter.chunkOf(node);
  };
}

class Sorter {
  graph: ModuleGraph = () => null;
  private readonly initial = new Map<string, boolean>();
  private readonly owners = new Map<string, ReadonlySet<string>>();
  private documentUsers: Map<string, string[]> | null = null;

  chunkOf(node: ModuleNode): PageChunk | null {
    if (this.isInitial(node.id)) return 'app';
    const roots = this.roots(node.id);
    const catchAlls = [...roots].filter(isCatchAll);
    // Only what a catch-all page imports statically; what it loads later stays lazy.
    if (catchAlls.length === 0) return null;
    const pages = new Set<string>();
    for (const root of roots) for (const page of this.ownersOf(root, new Set())) pages.add(page);
    const all = [...pages];
    if (all.some((page) => !isCatchAll(page))) return 'pages-shared';
    const project = all.some((page) => PROJECT_PAGE.test(page));
    const group = all.some((page) => GROUP_PAGE.test(page));
    if (project && group) return 'pages';
    return project ? 'project-pages' : 'group-pages';
  }

  /** The modules that import this one: a document's are the modules that name it. */
  private importersOf(id: string): readonly string[] {
    if (id.startsWith(DOCUMENT_PREFIX)) return this.usersOf(id);
    return this.graph(id)?.importers ?? [];
  }

  private usersOf(documentId: string): readonly string[] {
    if (!this.documentUsers) {
      const users = new Map<string, string[]>();
      const facades = new Set(this.graph(documentId)?.importers ?? []);
      for (const facade of facades) {
        for (const importer of this.graph(facade)?.importers ?? []) {
          for (const name of new Set(this.graph(importer)?.code?.match(DOCUMENT_NAME) ?? [])) {
            const list = users.get(DOCUMENT_PREFIX + name) ?? [];
            list.push(importer);
            users.set(DOCUMENT_PREFIX + name, list);
          }
        }
      }
      this.documentUsers = users;
    }
    return this.documentUsers.get(documentId) ?? [];
  }

  /** Whether the entry imports the module, directly or through others (it runs at the app's start). */
  private isInitial(id: string): boolean {
    const known = this.initial.get(id);
    if (known !== undefined) return known;
    const { visited, stopped } = this.walkImporters(id, (current) => {
      if (this.initial.get(current) || isUserEntry(this.graph(current))) return 'stop';
      return this.initial.get(current) === false ? 'skip' : undefined;
    });
    if (stopped) {
      this.initial.set(id, true);
      return true;
    }
    // Nothing above any of them is an entry: none of them runs at the start.
    for (const current of visited) this.initial.set(current, false);
    return false;
  }

  /** The dynamically imported modules (pages, lazy parts) whose static imports reach this module. */
  private roots(id: string): Set<string> {
    const roots = new Set<string>();
    this.walkImporters(id, (current) => {
      if ((this.graph(current)?.dynamicImporters.length ?? 0) > 0) roots.add(current);
      return undefined;
    });
    return roots;
  }

  /**
   * Visits the module and everything that imports it, directly or through others, each once.
   * `visit` answers 'stop' to end the walk there, 'skip' not to go on to that module's importers.
   */
  private walkImporters(
    id: string,
    visit: (current: string) => 'stop' | 'skip' | undefined,
  ): { visited: Set<string>; stopped: boolean } {
    const visited = new Set<string>();
    const stack = [id];
    while (stack.length) {
      const current = stack.pop() as string;
      if (visited.has(current)) continue;
      visited.add(current);
      const next = visit(current);
      if (next === 'stop') return { visited, stopped: true };
      if (next !== 'skip') stack.push(...this.importersOf(current));
    }
    return { visited, stopped: false };
  }

  /**
   * The pages the app loads from its start (the router's lazy pages) under which a dynamically
   * imported module can load: itself when the entry's code imports it, else the pages of the
   * modules that import it.
   */
  private ownersOf(root: string, visiting: Set<string>): ReadonlySet<string> {
    const known = this.owners.get(root);
    if (known) return known;
    if (visiting.has(root)) return new Set();
    visiting.add(root);
    const pages = new Set<string>();
    for (const importer of this.graph(root)?.dynamicImporters ?? []) {
      if (this.isInitial(importer)) pages.add(root);
      else for (const above of this.roots(importer)) for (const page of this.ownersOf(above, visiting)) pages.add(page);
    }
    visiting.delete(root);
    // Inside a cycle of dynamic imports an inner answer can miss the pages above it: keep only the outermost.
    if (visiting.size === 0) this.owners.set(root, pages);
    return pages;
  }
}

/** An entry of the build (index.html), not a module some code imports dynamically. */
const isUserEntry = (node: ModuleNode | null) => Boolean(node?.isEntry && node.dynamicImporters.length === 0);
const isCatchAll = (id: string) => PROJECT_PAGE.test(id) || GROUP_PAGE.test(id);
