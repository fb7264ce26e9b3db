/**
 * Markdown rendered for one reader: GitLab references (`#3`, `group/project#3`, `&1`, `%v1.0`,
 * `~bug`, `@user`) become links when the reader may see what they point to — a hidden issue,
 * epic, label or milestone renders as the plain text it was written as, exactly like a missing one.
 * One query per kind of reference found (none for a text without references).
 */
import { isHexColor, textColorFor } from '@milepost/shared';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../authz/actor.ts';
import { visibleEpicsSql, visibleIssuesSql, visibleLabelsSql, visibleMilestonesSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { GroupRow, ProjectRow } from '../../db/schema.ts';
import { type Reference, type ReferenceKind, type ResolvedReference, referenceKey } from '../../markdown/references.ts';
import { collectReferences, renderMarkdown, renderTitle } from '../../markdown/render.ts';
import { type ReferencedContainer, referencesRepository } from './references.repository.ts';

/** Where a text lives: its project (issues, their notes), its group (epics) or neither. */
export type MarkdownContext =
  | { type: 'Project'; project: Pick<ProjectRow, 'fullPath'> }
  | { type: 'Group'; group: Pick<GroupRow, 'fullPath'> }
  | { type: 'None' };

/** The most distinct references of one kind a text resolves (the rest stays text): one query stays small. */
export const MAX_REFERENCES_PER_KIND = 100;

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** The project (issues) or group (epics, and a project's group) a path-less reference means. */
function contextPaths(context: MarkdownContext): { project: string | null; group: string | null; own: string | null } {
  if (context.type === 'Project') {
    const path = context.project.fullPath;
    return { project: path, group: path.split('/').slice(0, -1).join('/') || null, own: path };
  }
  if (context.type === 'Group') return { project: null, group: context.group.fullPath, own: context.group.fullPath };
  return { project: null, group: null, own: null };
}

/**
 * GitLab's short form: a one-segment path before `#`, `~` or `%` (`web#3`) names a project in the
 * text's own namespace (`acme/web#3`) — the group of the text's project, or the epic's group.
 */
function inNamespace(path: string, namespace: string | null): string | null {
  return namespace && !path.includes('/') ? `${namespace}/${path}` : null;
}

function distinctByKind(references: readonly Reference[]): Map<ReferenceKind, Reference[]> {
  const byKind = new Map<ReferenceKind, Reference[]>();
  const seen = new Set<string>();
  for (const r of references) {
    const key = referenceKey(r);
    if (seen.has(key)) continue;
    const list = byKind.get(r.kind) ?? [];
    if (list.length >= MAX_REFERENCES_PER_KIND) continue;
    seen.add(key);
    list.push(r);
    byKind.set(r.kind, list);
  }
  return byKind;
}

const gfm = (kind: string, extra: Array<[string, string]>, original: string): Array<[string, string]> => [
  ['class', `gfm gfm-${kind}`],
  ['data-reference-type', kind === 'project_member' ? 'user' : kind],
  ['data-original', original],
  ...extra,
];

export function markdownService(db: Db) {
  const repo = referencesRepository(db);

  async function resolve(
    actor: Actor,
    references: readonly Reference[],
    context: MarkdownContext,
  ): Promise<Map<string, ResolvedReference>> {
    const resolved = new Map<string, ResolvedReference>();
    const byKind = distinctByKind(references);
    const paths = contextPaths(context);
    const lower = (path: string | null) => path?.toLowerCase() ?? null;

    const users = async () => {
      const refs = byKind.get('user') ?? [];
      const found = await repo.users(refs.map((r) => r.key.toLowerCase()));
      const byName = new Map(found.map((u) => [u.username.toLowerCase(), u]));
      for (const r of refs) {
        const user = byName.get(r.key.toLowerCase());
        if (!user) continue;
        resolved.set(referenceKey(r), {
          href: `/${encodeURIComponent(user.username)}`,
          text: r.text,
          attrs: gfm(
            'project_member',
            [
              ['data-user', String(user.id)],
              ['data-username', user.username],
            ],
            r.text,
          ),
        });
      }
    };

    const issues = async () => {
      const refs = (byKind.get('issue') ?? []).filter((r) => r.path ?? paths.project);
      // A project always lives in a namespace: a one-segment path can only be the short form.
      const pathOf = (r: Reference) => (r.path ? (inNamespace(r.path, paths.group) ?? r.path) : paths.project);
      const keys = refs.map((r) => ({ path: lower(pathOf(r)) ?? '', iid: Number(r.key) }));
      if (keys.length === 0) return;
      const found = await repo.issues(keys, await visibleIssuesSql(db, actor, sql.raw('i')));
      const byKey = new Map(found.map((i) => [`${i.projectPath.toLowerCase()}#${i.iid}`, i]));
      refs.forEach((r, n) => {
        const issue = byKey.get(`${keys[n]?.path}#${keys[n]?.iid}`);
        if (!issue) return;
        const base = `/${encodePath(issue.projectPath)}/-/issues/`;
        resolved.set(referenceKey(r), {
          href: issue.issueType === 'incident' ? `${base}incident/${issue.iid}` : `${base}${issue.iid}`,
          text: issue.state === 'closed' ? `${r.text} (closed)` : r.text,
          attrs: gfm(
            'issue',
            [
              ['data-project-path', issue.projectPath],
              ['data-iid', String(issue.iid)],
            ],
            r.text,
          ),
        });
      });
    };

    const epics = async () => {
      const refs = (byKind.get('epic') ?? []).filter((r) => r.path ?? paths.group);
      const keys = refs.map((r) => ({ path: lower(r.path ?? paths.group) ?? '', iid: Number(r.key) }));
      if (keys.length === 0) return;
      const found = await repo.epics(keys, await visibleEpicsSql(db, actor, sql.raw('e'), sql.raw('g')));
      const byKey = new Map(found.map((e) => [`${e.groupPath.toLowerCase()}&${e.iid}`, e]));
      refs.forEach((r, n) => {
        const epic = byKey.get(`${keys[n]?.path}&${keys[n]?.iid}`);
        if (!epic) return;
        resolved.set(referenceKey(r), {
          href: `/groups/${encodePath(epic.groupPath)}/-/epics/${epic.iid}`,
          text: epic.state === 'closed' ? `${r.text} (closed)` : r.text,
          attrs: gfm(
            'epic',
            [
              ['data-group-path', epic.groupPath],
              ['data-iid', String(epic.iid)],
            ],
            r.text,
          ),
        });
      });
    };

    // Labels and milestones: those of the named (or the text's own) project or group and of its
    // ancestor groups; of one title the nearest wins (the project's, then the deepest group's).
    const containerRefs = [...(byKind.get('label') ?? []), ...(byKind.get('milestone') ?? [])].filter(
      (r) => r.path ?? paths.own,
    );
    // A one-segment path is a project of the namespace (the short form) or else a top-level group.
    const candidates = (r: Reference): string[] =>
      (r.path ? [inNamespace(r.path, paths.group), r.path] : [paths.own])
        .filter((p): p is string => p !== null)
        .map((p) => p.toLowerCase());
    const containerPaths = [...new Set(containerRefs.flatMap(candidates))];
    const containersOf = async (): Promise<Map<string, ReferencedContainer>> => {
      const rows = await repo.containers(containerPaths);
      const byPath = new Map<string, ReferencedContainer>();
      // A reference's path names a project when one has it (GitLab's `project~label`), else a group.
      for (const row of rows) if (row.kind === 'project' || !byPath.has(row.path)) byPath.set(row.path, row);
      return byPath;
    };

    const labelsAndMilestones = async () => {
      if (containerRefs.length === 0) return;
      const containers = await containersOf();
      const scopeOf = (r: Reference) =>
        candidates(r)
          .map((p) => containers.get(p))
          .find((c) => c !== undefined);
      const projectIds = [...containers.values()].filter((c) => c.kind === 'project').map((c) => c.id);
      const groupIds = [...new Set([...containers.values()].flatMap((c) => c.groupIds))];
      // nearness of a row to a container: 0 for its own project, then groups from the deepest up
      const rank = (c: ReferencedContainer, row: { projectId: number | null; groupId: number | null }) => {
        if (row.projectId !== null) return c.kind === 'project' && row.projectId === c.id ? 0 : -1;
        const at = row.groupId === null ? -1 : c.groupIds.indexOf(row.groupId);
        return at < 0 ? -1 : 1 + (c.groupIds.length - 1 - at);
      };
      const nearest = <T extends { projectId: number | null; groupId: number | null }>(
        c: ReferencedContainer,
        rows: readonly T[],
      ): T | undefined =>
        rows
          .map((row) => ({ row, at: rank(c, row) }))
          .filter((x) => x.at >= 0)
          .sort((a, b) => a.at - b.at)[0]?.row;

      const labelRefs = containerRefs.filter((r) => r.kind === 'label');
      const milestoneRefs = containerRefs.filter((r) => r.kind === 'milestone');
      const [labels, milestones] = await Promise.all([
        labelRefs.length
          ? repo.labels(
              {
                projectIds,
                groupIds,
                ids: labelRefs.filter((r) => r.byNumber).map((r) => Number(r.key)),
                titles: labelRefs.filter((r) => !r.byNumber).map((r) => r.key),
              },
              await visibleLabelsSql(db, actor, sql.raw('l')),
            )
          : [],
        milestoneRefs.length
          ? repo.milestones(
              {
                projectIds,
                groupIds,
                iids: milestoneRefs.filter((r) => r.byNumber).map((r) => Number(r.key)),
                titles: milestoneRefs.filter((r) => !r.byNumber).map((r) => r.key),
              },
              await visibleMilestonesSql(db, actor, sql.raw('m')),
            )
          : [],
      ]);
      for (const r of labelRefs) {
        const c = scopeOf(r);
        if (!c) continue;
        const label = nearest(
          c,
          labels.filter((l) => (r.byNumber ? l.id === Number(r.key) : l.title === r.key)),
        );
        if (!label) continue;
        const color = isHexColor(label.color) ? label.color : '#6699cc';
        const list =
          c.kind === 'project' ? `/${encodePath(c.path)}/-/issues` : `/groups/${encodePath(c.path)}/-/issues`;
        resolved.set(referenceKey(r), {
          href: `${list}?label_name[]=${encodeURIComponent(label.title)}`,
          text: label.title,
          attrs: gfm(
            'label',
            [
              ['data-label', String(label.id)],
              ['data-label-color', color],
              ['data-label-text-color', textColorFor(color)],
              [label.groupId !== null ? 'data-group-path' : 'data-project-path', label.containerPath],
            ],
            r.text,
          ),
        });
      }
      for (const r of milestoneRefs) {
        const c = scopeOf(r);
        if (!c) continue;
        const milestone = nearest(
          c,
          milestones.filter((m) => (r.byNumber ? m.iid === Number(r.key) : m.title === r.key)),
        );
        if (!milestone) continue;
        const path = encodePath(milestone.containerPath);
        resolved.set(referenceKey(r), {
          href:
            milestone.groupId !== null
              ? `/groups/${path}/-/milestones/${milestone.iid}`
              : `/${path}/-/milestones/${milestone.iid}`,
          text: `${r.path ?? ''}%${milestone.title}`,
          attrs: gfm(
            'milestone',
            [
              ['data-milestone', String(milestone.id)],
              ['data-iid', String(milestone.iid)],
              [milestone.groupId !== null ? 'data-group-path' : 'data-project-path', milestone.containerPath],
            ],
            r.text,
          ),
        });
      }
    };

    await Promise.all([users(), issues(), epics(), labelsAndMilestones()]);
    return resolved;
  }

  /** A lookup of the references of `source` readable by `actor` (undefined: none written). */
  async function lookup(actor: Actor, source: string, context: MarkdownContext, title: boolean) {
    const references = collectReferences(source, { title });
    if (references.length === 0) return undefined;
    const resolved = await resolve(actor, references, context);
    return (r: Reference) => resolved.get(referenceKey(r));
  }

  return {
    /** `source` as HTML for `actor`, with the references `actor` may see as links. */
    async render(actor: Actor, source: string, context: MarkdownContext): Promise<string> {
      return renderMarkdown(source, await lookup(actor, source, context, false));
    },

    /** A title (inline markdown) as HTML for `actor`, with its readable references as links (GitLab's titles). */
    async renderTitle(actor: Actor, title: string, context: MarkdownContext): Promise<string> {
      return renderTitle(title, await lookup(actor, title, context, true));
    },
  };
}

export type MarkdownService = ReturnType<typeof markdownService>;
