/**
 * The one access policy. `can(actor, ability, subject)` answers every read and write question;
 * `visibleGroupsSql` / `visibleProjectsSql` express the same read rules in SQL for lists.
 * Nothing else in the code base decides access.
 */
import { type Ability, AccessLevel, Visibility } from '@milepost/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { EpicRow, GroupRow, IssueRow, ProjectRow, UserRow } from '../db/schema.ts';
import { loadMemberships, type Membership } from './access.repository.ts';
import { type Actor, canWrite } from './actor.ts';

export type Subject =
  | { type: 'Group'; group: GroupRow }
  | { type: 'Project'; project: ProjectRow; group: GroupRow }
  | { type: 'User'; user: UserRow }
  | { type: 'Epic'; epic: EpicRow; group: GroupRow }
  | { type: 'Issue'; issue: IssueRow; project: ProjectRow; group: GroupRow; assigneeIds: readonly number[] }
  | { type: 'Global' };

export const GLOBAL: Subject = { type: 'Global' };

type Access = {
  memberships: Membership[];
  namespaceIds: number[];
  projectIds: number[];
  /** ids of every group on the path to any membership: those groups are visible to the member */
  pathGroupIds: number[];
};

const NO_ACCESS: Access = { memberships: [], namespaceIds: [], projectIds: [], pathGroupIds: [] };

async function access(db: Db, actor: Actor): Promise<Access> {
  const user = actor.user;
  if (!user) return NO_ACCESS;
  const key = 'access';
  let pending = actor.memo.get(key) as Promise<Access> | undefined;
  if (!pending) {
    pending = loadMemberships(db, user.id).then((memberships) => ({
      memberships,
      namespaceIds: memberships.filter((m) => m.sourceType === 'Namespace').map((m) => m.sourceId),
      projectIds: memberships.filter((m) => m.sourceType === 'Project').map((m) => m.sourceId),
      pathGroupIds: [...new Set(memberships.flatMap((m) => m.traversalIds))],
    }));
    actor.memo.set(key, pending);
  }
  return await pending;
}

/** Highest access level from memberships of the group or any of its ancestors. */
function groupLevel(a: Access, group: GroupRow): number {
  let level: number = AccessLevel.NO_ACCESS;
  for (const m of a.memberships) {
    if (m.sourceType === 'Namespace' && group.traversalIds.includes(m.sourceId) && m.accessLevel > level) {
      level = m.accessLevel;
    }
  }
  return level;
}

function projectLevel(a: Access, project: ProjectRow, group: GroupRow): number {
  let level = groupLevel(a, group);
  for (const m of a.memberships) {
    if (m.sourceType === 'Project' && m.sourceId === project.id && m.accessLevel > level) level = m.accessLevel;
  }
  return level;
}

function visibleAtLevel(actor: Actor, visibilityLevel: number): boolean {
  return visibilityLevel >= Visibility.PUBLIC || (actor.user !== null && visibilityLevel >= Visibility.INTERNAL);
}

/** The effective access level of the actor on a group or project (admins count as Owner). */
export async function accessLevel(db: Db, actor: Actor, subject: Subject): Promise<number> {
  if (!actor.user) return AccessLevel.NO_ACCESS;
  if (subject.type === 'Group') return groupLevel(await access(db, actor), subject.group);
  if (subject.type === 'Project') return projectLevel(await access(db, actor), subject.project, subject.group);
  return AccessLevel.NO_ACCESS;
}

export async function can(db: Db, actor: Actor, ability: Ability, subject: Subject): Promise<boolean> {
  const user = actor.user;
  if (user && user.state !== 'active') return false;
  const admin = user?.admin === true;
  const writes = canWrite(actor);
  switch (subject.type) {
    case 'Global':
      if (ability === 'createGroup') return writes;
      if (ability === 'readAdminArea') return admin;
      return false;
    case 'User':
      // Profiles are public, as on GitLab; lists of users show active ones only to non-admins.
      if (ability === 'readUser') return true;
      if (ability === 'adminUser') return admin && writes;
      return false;
    case 'Group': {
      const g = subject.group;
      const a = await access(db, actor);
      const level = admin ? AccessLevel.OWNER : groupLevel(a, g);
      const readable = admin || visibleAtLevel(actor, g.visibilityLevel) || level > 0 || a.pathGroupIds.includes(g.id);
      switch (ability) {
        case 'readGroup':
        case 'readGroupMember':
          return readable;
        case 'createSubgroup':
        case 'createProjects':
          return writes && level >= AccessLevel.MAINTAINER;
        case 'adminGroup':
        case 'adminGroupMember':
        case 'removeGroup':
          return writes && level >= AccessLevel.OWNER;
        case 'readLabel':
        case 'readMilestone':
          return readable;
        case 'createEpic':
        case 'adminLabel':
        case 'adminMilestone':
          return readable && writes && level >= AccessLevel.REPORTER;
        default:
          return false;
      }
    }
    case 'Epic': {
      const { epic, group } = subject;
      const a = await access(db, actor);
      const level = admin ? AccessLevel.OWNER : groupLevel(a, group);
      const groupReadable =
        admin || visibleAtLevel(actor, group.visibilityLevel) || level > 0 || a.pathGroupIds.includes(group.id);
      // Confidential epics: Reporter and above of the group (or an ancestor), as on GitLab.
      const readable = groupReadable && (!epic.confidential || level >= AccessLevel.REPORTER);
      if (!readable) return false;
      switch (ability) {
        case 'readEpic':
        case 'readEpicIid':
          return true;
        case 'createNote':
        case 'awardEmoji':
          return writes;
        case 'updateEpic':
        case 'adminEpic':
        case 'createEpic':
        case 'adminEpicRelation':
          return writes && level >= AccessLevel.REPORTER;
        case 'destroyEpic':
          return writes && level >= AccessLevel.OWNER;
        default:
          return false;
      }
    }
    case 'Issue': {
      const { issue, project, group } = subject;
      const a = await access(db, actor);
      const level = admin ? AccessLevel.OWNER : projectLevel(a, project, group);
      const projectReadable = admin || visibleAtLevel(actor, project.visibilityLevel) || level > 0;
      const involved = user !== null && (issue.authorId === user.id || subject.assigneeIds.includes(user.id));
      // Confidential issues: Reporter and above, the author and the assignees, as on GitLab.
      const readable = projectReadable && (!issue.confidential || level >= AccessLevel.REPORTER || involved);
      if (!readable) return false;
      switch (ability) {
        case 'readIssue':
          return true;
        case 'createNote':
          return writes && (!issue.discussionLocked || level >= AccessLevel.REPORTER);
        case 'updateIssue':
        case 'adminIssueRelation':
          return writes && (level >= AccessLevel.REPORTER || involved);
        case 'adminIssue':
        case 'adminIssueLink':
          return writes && level >= AccessLevel.REPORTER;
        case 'destroyIssue':
          return writes && level >= AccessLevel.OWNER;
        default:
          return false;
      }
    }
    case 'Project': {
      const { project, group } = subject;
      const a = await access(db, actor);
      const level = admin ? AccessLevel.OWNER : projectLevel(a, project, group);
      const readable = admin || visibleAtLevel(actor, project.visibilityLevel) || level > 0;
      switch (ability) {
        case 'readProject':
        case 'readProjectMember':
          return readable;
        case 'adminProject':
        case 'adminProjectMember':
          return writes && level >= AccessLevel.MAINTAINER;
        case 'removeProject':
          return writes && level >= AccessLevel.OWNER;
        case 'readLabel':
        case 'readMilestone':
          return readable;
        // Anyone who can read a project may open an issue in it (GitLab's default for enabled issues).
        case 'createIssue':
          return readable && writes;
        case 'adminLabel':
        case 'adminMilestone':
          return readable && writes && level >= AccessLevel.REPORTER;
        default:
          return false;
      }
    }
  }
}

function bigintArray(ids: readonly number[]): SQL {
  return sql`${sql.param(ids.map(String))}::bigint[]`;
}

/** SQL condition: the group aliased `g` is readable by the actor (same rules as `readGroup`). */
export async function visibleGroupsSql(db: Db, actor: Actor, g: SQL = sql.raw('g')): Promise<SQL> {
  if (actor.user?.admin) return sql`TRUE`;
  if (!actor.user) return sql`${g}.visibility_level >= ${Visibility.PUBLIC}`;
  const a = await access(db, actor);
  return sql`(${g}.visibility_level >= ${Visibility.INTERNAL}
    OR ${g}.traversal_ids && ${bigintArray(a.namespaceIds)}
    OR ${g}.id = ANY(${bigintArray(a.pathGroupIds)}))`;
}

/** SQL condition: the project aliased `p`, whose group is aliased `pg`, is readable by the actor. */
export async function visibleProjectsSql(
  db: Db,
  actor: Actor,
  p: SQL = sql.raw('p'),
  pg: SQL = sql.raw('pg'),
): Promise<SQL> {
  if (actor.user?.admin) return sql`TRUE`;
  if (!actor.user) return sql`${p}.visibility_level >= ${Visibility.PUBLIC}`;
  const a = await access(db, actor);
  return sql`(${p}.visibility_level >= ${Visibility.INTERNAL}
    OR ${p}.id = ANY(${bigintArray(a.projectIds)})
    OR ${pg}.traversal_ids && ${bigintArray(a.namespaceIds)})`;
}
