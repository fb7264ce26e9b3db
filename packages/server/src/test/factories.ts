/** Named test-data builders. They go through the services, as the API does. */
import type { MemberAccessLevel, VisibilityName } from '@milepost/shared';
import { userActor } from '../authz/actor.ts';
import type { Db } from '../db/client.ts';
import type { GroupRow, UserRow } from '../db/schema.ts';
import { membersRepository } from '../modules/members/members.repository.ts';
import type { ProjectWithGroup } from '../modules/projects/projects.service.ts';
import type { Services } from '../modules/services.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${sequence}${Math.random().toString(36).slice(2, 6)}`;
};

export const TEST_PASSWORD = 'correct horse battery';

export function buildFactories(services: Services, db: Db) {
  let admin: UserRow | undefined;

  async function systemAdmin(): Promise<UserRow> {
    admin ??= await services.users.create('system', {
      username: `admin-${next()}`,
      name: 'Test Admin',
      email: `admin-${next()}@example.com`,
      password: TEST_PASSWORD,
      admin: true,
    });
    return admin;
  }

  async function buildUser(attrs: { username?: string; name?: string; admin?: boolean; password?: string } = {}) {
    const username = attrs.username ?? `user-${next()}`;
    return await services.users.create('system', {
      username,
      name: attrs.name ?? `User ${username}`,
      email: `${username}@example.com`,
      password: attrs.password ?? TEST_PASSWORD,
      admin: attrs.admin ?? false,
    });
  }

  async function buildGroup(
    attrs: { name?: string; path?: string; parent?: GroupRow; visibility?: VisibilityName; owner?: UserRow } = {},
  ): Promise<GroupRow> {
    const path = attrs.path ?? `group-${next()}`;
    const creator = attrs.owner ?? (await systemAdmin());
    const group = await services.groups.create(userActor(creator), {
      name: attrs.name ?? path,
      path,
      parentId: attrs.parent?.id ?? null,
      visibility: attrs.visibility ?? 'public',
    });
    if (!attrs.owner) {
      // The builder's admin is not meant to be a member of what it builds: drop the creator's
      // membership directly (the service would refuse to remove a group's last owner).
      const member = await services.members.findDirect({ type: 'Group', group }, creator.id);
      if (member) await membersRepository(db).delete(member.id);
    }
    return group;
  }

  async function buildProject(
    attrs: { name?: string; path?: string; group?: GroupRow; visibility?: VisibilityName } = {},
  ): Promise<ProjectWithGroup> {
    const group = attrs.group ?? (await buildGroup());
    const path = attrs.path ?? `project-${next()}`;
    return await services.projects.create(userActor(await systemAdmin()), {
      name: attrs.name ?? path,
      path,
      groupId: group.id,
      visibility: attrs.visibility ?? 'public',
    });
  }

  async function addGroupMember(group: GroupRow, user: UserRow, accessLevel: MemberAccessLevel) {
    return await services.members.add(
      userActor(await systemAdmin()),
      { type: 'Group', group },
      { userId: user.id, accessLevel },
    );
  }

  async function addProjectMember(project: ProjectWithGroup, user: UserRow, accessLevel: MemberAccessLevel) {
    return await services.members.add(
      userActor(await systemAdmin()),
      { type: 'Project', ...project },
      { userId: user.id, accessLevel },
    );
  }

  return { systemAdmin, buildUser, buildGroup, buildProject, addGroupMember, addProjectMember };
}
