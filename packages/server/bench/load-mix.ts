/**
 * bench:load's request mix on the benchmark group, as one signed-in Developer: 60 % GraphQL reads
 * (roadmap page, an epic's child-items tree, a project's issue list), 30 % REST reads (epics,
 * issues, labels lists), 10 % writes (create and edit issues and epics, label changes). `discover`
 * reads what the requests point at (projects, epics with children, issues, labels) once, through
 * the API like any client.
 */
import { childrenQuery, issuesQuery, roadmapQuery } from './queries.ts';

export type LoadRequest = { kind: string; method: 'GET' | 'POST' | 'PUT'; path: string; body?: unknown };

type Targets = {
  groupId: number;
  groupPath: string;
  projects: { id: number; fullPath: string }[];
  parentEpicIids: number[];
  epicIids: number[];
  issues: { projectId: number; iid: number }[];
  labels: string[];
};

type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Reads the targets of the mix; throws with the failing request when the group is not as seeded. */
export async function discover(api: Api, groupPath: string): Promise<Targets> {
  const group = await api<{ id: number }>('GET', `/api/v4/groups/${encodeURIComponent(groupPath)}`);
  const projects = await api<{ id: number; path_with_namespace: string }[]>(
    'GET',
    `/api/v4/groups/${group.id}/projects?include_subgroups=true&per_page=100`,
  );
  const epics = await api<{ data: { group: { epics: { nodes: { iid: string; hasChildren: boolean }[] } } } }>(
    'POST',
    '/api/graphql',
    {
      query: `query LoadEpics($fullPath: ID!) { group(fullPath: $fullPath) {
        epics(first: 100, sort: start_date_asc, includeDescendantGroups: false) { nodes { iid hasChildren } } } }`,
      variables: { fullPath: groupPath },
    },
  );
  const issues: Targets['issues'] = [];
  for (const project of projects) {
    const list = await api<{ iid: number }[]>('GET', `/api/v4/projects/${project.id}/issues?per_page=50`);
    for (const issue of list) issues.push({ projectId: project.id, iid: issue.iid });
  }
  const labels = await api<{ name: string }[]>('GET', `/api/v4/groups/${group.id}/labels?per_page=100`);
  const nodes = epics.data.group.epics.nodes;
  const targets: Targets = {
    groupId: group.id,
    groupPath,
    projects: projects.map((p) => ({ id: p.id, fullPath: p.path_with_namespace })),
    parentEpicIids: nodes.filter((n) => n.hasChildren).map((n) => Number(n.iid)),
    epicIids: nodes.map((n) => Number(n.iid)),
    issues,
    labels: labels.map((l) => l.name),
  };
  for (const [what, list] of Object.entries(targets)) {
    if (Array.isArray(list) && list.length === 0) throw new Error(`No ${what} found in group ${groupPath}`);
  }
  return targets;
}

/** A weighted request mix over `targets`; `random` in [0, 1) picks everything (seeded by the caller). */
export function requestMix(targets: Targets, random: () => number): { kinds: string[]; next: () => LoadRequest } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const year = new Date().getUTCFullYear();
  const group = `/api/v4/groups/${targets.groupId}`;
  const graphql = (kind: string, query: string, variables: Record<string, unknown>): LoadRequest => ({
    kind,
    method: 'POST',
    path: '/api/graphql',
    body: { query, variables },
  });
  let created = 0;
  const title = (what: string) => `Load ${what} ${process.pid}-${++created}`;
  const weighted: [number, string, () => LoadRequest][] = [
    // GraphQL reads: 60 %
    [
      25,
      'gql roadmap',
      () =>
        graphql('gql roadmap', roadmapQuery, {
          fullPath: targets.groupPath,
          first: 100,
          timeframe: { start: `${year}-01-01`, end: `${year}-12-31` },
          ...(random() < 0.25 ? { labelName: [pick(targets.labels)] } : {}),
        }),
    ],
    [
      20,
      'gql epic tree',
      () =>
        graphql('gql epic tree', childrenQuery, {
          fullPath: targets.groupPath,
          iid: String(pick(targets.parentEpicIids)),
        }),
    ],
    [15, 'gql issue list', () => graphql('gql issue list', issuesQuery, { fullPath: pick(targets.projects).fullPath })],
    // REST reads: 30 %
    [
      10,
      'rest epics',
      () => ({
        kind: 'rest epics',
        method: 'GET',
        path: `${group}/epics?per_page=20&page=${1 + Math.floor(random() * 20)}`,
      }),
    ],
    [
      10,
      'rest issues',
      () => ({
        kind: 'rest issues',
        method: 'GET',
        path: `/api/v4/projects/${pick(targets.projects).id}/issues?per_page=20&page=${1 + Math.floor(random() * 10)}`,
      }),
    ],
    [10, 'rest labels', () => ({ kind: 'rest labels', method: 'GET', path: `${group}/labels?per_page=50` })],
    // writes: 10 %
    [
      3,
      'create issue',
      () => ({
        kind: 'create issue',
        method: 'POST',
        path: `/api/v4/projects/${pick(targets.projects).id}/issues`,
        body: { title: title('issue'), labels: pick(targets.labels) },
      }),
    ],
    [
      3,
      'update issue',
      () => {
        const issue = pick(targets.issues);
        const label = pick(targets.labels);
        return {
          kind: 'update issue',
          method: 'PUT',
          path: `/api/v4/projects/${issue.projectId}/issues/${issue.iid}`,
          body: random() < 0.5 ? { add_labels: label } : { remove_labels: label, weight: Math.floor(random() * 8) },
        };
      },
    ],
    [
      2,
      'create epic',
      () => ({ kind: 'create epic', method: 'POST', path: `${group}/epics`, body: { title: title('epic') } }),
    ],
    [
      2,
      'epic labels',
      () => {
        const label = pick(targets.labels);
        return {
          kind: 'epic labels',
          method: 'PUT',
          path: `${group}/epics/${pick(targets.epicIids)}`,
          body: random() < 0.5 ? { add_labels: label } : { remove_labels: label },
        };
      },
    ],
  ];
  const total = weighted.reduce((sum, [w]) => sum + w, 0);
  return {
    kinds: weighted.map(([, kind]) => kind),
    next: () => {
      let at = random() * total;
      for (const [weight, , make] of weighted) {
        at -= weight;
        if (at < 0) return make();
      }
      return (weighted[0] as (typeof weighted)[number])[2]();
    },
  };
}
