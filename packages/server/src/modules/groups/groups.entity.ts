import { visibilityName } from '@milepost/shared';
import type { GroupRow } from '../../db/schema.ts';
import { restAvatarUrl } from '../users/users.entity.ts';

/** GitLab's web URL of a group: `<base>/groups/<full path>`. */
export function groupWebUrl(group: Pick<GroupRow, 'fullPath'>, baseUrl: string): string {
  return `${baseUrl}/groups/${group.fullPath}`;
}

/** GitLab's `Group` entity. `fullName` is 'Acme / Platform' (see `services.groups.fullNames`). */
export function groupEntity(group: GroupRow, fullName: string, baseUrl: string) {
  return {
    id: group.id,
    web_url: groupWebUrl(group, baseUrl),
    name: group.name,
    path: group.path,
    description: group.description,
    visibility: visibilityName(group.visibilityLevel),
    share_with_group_lock: false,
    require_two_factor_authentication: false,
    two_factor_grace_period: 48,
    project_creation_level: 'maintainer',
    auto_devops_enabled: null,
    subgroup_creation_level: 'maintainer',
    emails_disabled: false,
    emails_enabled: true,
    mentions_disabled: null,
    lfs_enabled: false,
    request_access_enabled: false,
    avatar_url: restAvatarUrl(group.avatarUrl, baseUrl),
    full_name: fullName,
    full_path: group.fullPath,
    created_at: group.createdAt.toISOString(),
    parent_id: group.parentId,
    archived: false,
    marked_for_deletion_on: null,
  };
}

/** GitLab's `GroupDetail` entity: the group with its projects (first 100) when they are asked for. */
export function groupDetailEntity(group: GroupRow, fullName: string, baseUrl: string, projects?: unknown[]) {
  return {
    ...groupEntity(group, fullName, baseUrl),
    shared_with_groups: [],
    prevent_sharing_groups_outside_hierarchy: false,
    ...(projects ? { projects, shared_projects: [] } : {}),
  };
}
