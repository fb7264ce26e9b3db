import { visibilityName } from '@milepost/shared';
import type { GroupRow, ProjectRow } from '../../db/schema.ts';
import { groupWebUrl } from '../groups/groups.entity.ts';
import type { Services } from '../services.ts';
import { restAvatarUrl } from '../users/users.entity.ts';
import type { ProjectWithGroup } from './projects.service.ts';

/** GitLab's project `namespace`: always a group here (Milepost has no personal namespaces). */
export function namespaceEntity(group: GroupRow, baseUrl: string) {
  return {
    id: group.id,
    name: group.name,
    path: group.path,
    kind: 'group' as const,
    full_path: group.fullPath,
    parent_id: group.parentId,
    avatar_url: restAvatarUrl(group.avatarUrl, baseUrl),
    web_url: groupWebUrl(group, baseUrl),
  };
}

/** GitLab's `BasicProjectDetails` (what `simple=true` returns). `groupFullName` is 'Acme / Platform'. */
export function basicProjectEntity(found: ProjectWithGroup, groupFullName: string, baseUrl: string) {
  const { project, group } = found;
  return {
    id: project.id,
    description: project.description,
    name: project.name,
    name_with_namespace: `${groupFullName} / ${project.name}`,
    path: project.path,
    path_with_namespace: project.fullPath,
    created_at: project.createdAt.toISOString(),
    default_branch: null,
    tag_list: [],
    topics: [],
    web_url: projectWebUrl(project, baseUrl),
    readme_url: null,
    forks_count: 0,
    avatar_url: restAvatarUrl(project.avatarUrl, baseUrl),
    star_count: 0,
    last_activity_at: project.lastActivityAt.toISOString(),
    visibility: visibilityName(project.visibilityLevel),
    namespace: namespaceEntity(group, baseUrl),
  };
}

/** GitLab's `Project` entity (the features Milepost does not have are reported as off). */
export function projectEntity(found: ProjectWithGroup, groupFullName: string, baseUrl: string) {
  const { project } = found;
  const api = `${baseUrl}/api/v4/projects/${project.id}`;
  return {
    ...basicProjectEntity(found, groupFullName, baseUrl),
    updated_at: project.updatedAt.toISOString(),
    _links: { self: api, issues: `${api}/issues`, labels: `${api}/labels`, members: `${api}/members` },
    archived: false,
    empty_repo: true,
    issues_enabled: true,
    merge_requests_enabled: false,
    wiki_enabled: false,
    jobs_enabled: false,
    snippets_enabled: false,
    container_registry_enabled: false,
    creator_id: null,
  };
}

export function projectWebUrl(project: Pick<ProjectRow, 'fullPath'>, baseUrl: string): string {
  return `${baseUrl}/${project.fullPath}`;
}

/** Shapes project rows (loading their groups and the groups' full names in two queries). */
export async function presentProjects(
  services: Services,
  rows: readonly ProjectRow[],
  baseUrl: string,
  opts: { simple?: boolean } = {},
) {
  const found = await services.projects.withGroups(rows);
  const names = await services.groups.fullNames(found.map((f) => f.group));
  const shape = opts.simple ? basicProjectEntity : projectEntity;
  return found.map((f) => shape(f, names.get(f.group.id) ?? f.group.name, baseUrl));
}

/** Shapes one project (with its group already at hand). */
export async function presentProject(services: Services, found: ProjectWithGroup, baseUrl: string) {
  const names = await services.groups.fullNames([found.group]);
  return projectEntity(found, names.get(found.group.id) ?? found.group.name, baseUrl);
}
