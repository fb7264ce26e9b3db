import type { FieldFunctionOptions, FieldPolicy, TypePolicies } from '@apollo/client';
import type { FieldNode } from 'graphql';
import { roadmapLocalSettingsTypePolicies } from './roadmap-local-settings.ts';

/** The `@connection(key: …)` keys of the roadmap's infinite lists (the directive never reaches the server). */
const ROADMAP_CONNECTIONS = new Set(['roadmapChildren', 'roadmapMilestones']);

type Page = { nodes?: readonly unknown[] | null };

/** A normalised node is a reference (`{ __ref: 'Epic:…' }`); compare by that key. */
function nodeKey(node: unknown): unknown {
  return (node as { __ref?: string } | null)?.__ref ?? node;
}

function roadmapConnectionKey(field: FieldNode | null | undefined): string | null {
  const directive = field?.directives?.find((d) => d.name.value === 'connection');
  const key = directive?.arguments?.find((a) => a.name.value === 'key')?.value;
  return key?.kind === 'StringValue' && ROADMAP_CONNECTIONS.has(key.value) ? key.value : null;
}

/**
 * A list field the roadmap pages through by cursor: with `@connection(key: "roadmap…")` every page
 * of one filter lands in one cache entry (keyed without `after` / `first`) and a page fetched with
 * `after` is appended (child epics and milestones, short lists; a group's epics keep one entry per
 * window instead, outside the cache: see hooks/use-roadmap-windows.ts). Without the directive (other
 * pages' queries of the same field) each page keeps its own entry, as by default.
 */
const roadmapPagedField: FieldPolicy<Page, Page, Page> = {
  keyArgs(args, { field }) {
    // Sorted, as Apollo's default keys are: the same arguments in another order are the same list.
    const names = Object.keys(args ?? {}).sort();
    const key = roadmapConnectionKey(field);
    if (!key) return names;
    return ['@connection', ['key'], ...names.filter((name) => name !== 'after' && name !== 'first')];
  },
  merge(existing, incoming, { args, field }: FieldFunctionOptions) {
    if (!existing || !args?.after || !roadmapConnectionKey(field)) return incoming;
    // A page asked for twice (a retried scroll) must not list its items twice.
    const seen = new Set((existing.nodes ?? []).map(nodeKey));
    const added = (incoming.nodes ?? []).filter((node) => !seen.has(nodeKey(node)));
    return { ...incoming, nodes: [...(existing.nodes ?? []), ...added] };
  },
};

/** The cache policies the roadmap needs: its paged lists and its client-only settings. */
export const roadmapTypePolicies: TypePolicies = {
  ...roadmapLocalSettingsTypePolicies,
  Group: { fields: { epics: roadmapPagedField, milestones: roadmapPagedField } },
  Epic: { fields: { children: roadmapPagedField } },
};
