/**
 * The one access policy. `can(actor, ability, subject)` answers every read and write question;
 * `visibleGroupsSql` / `visibleProjectsSql` express the same read rules in SQL for lists.
 * Nothing else in the code base decides access.
 */
import { type Ability, AccessLevel, Visibility } from '@milepost/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { EpicRow, GroupRow, IssueRow, NoteRow, ProjectRow, UserRow } from '../db/schema.ts';
import { loadMemberships, type Membership } from './access.repository.ts';
import { type Actor, canWrite } from './actor.ts';

export type Subject =
  | { type: 'Group'; group: GroupRow }
  | { type: 'Project'; project: ProjectRow; group: GroupRow }
  | { type: 'User'; user: UserRow }
  | EpicSubject
  | IssueSubject
  | { type: 'Note'; note: NoteRow; noteable: NoteableSubject }
  | { type: 'Global' };

type EpicSubject = { type: 'Epic'; epic: EpicRow; group: GroupRow };
type IssueSubject = {
  type: 'Issue';
  issue: IssueRow;
  project: ProjectRow;
  group: GroupRow;
  assigneeIds: readonly number[];
};
/** What notes hang on: an issue or an epic. */
export type NoteableSubject = EpicSubject | IssueSubject;

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

/**
 * Starts loading the actor's memberships now (once per request, as `can()` would), so that the
 * query runs alongside the request's first lookups instead of after them. Failures surface to
 * whoever awaits the memberships later.
 */
export function preloadAccess(db: Db, actor: Actor): void {
  if (!actor.user) return;
  access(db, actor).catch(() => {});
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
      if (ability === 'readAbuseReport') return admin;
      return false;
    case 'User':
      // Profiles are public, as on GitLab; lists of users show active ones only to non-admins.
      if (ability === 'readUser') return true;
      if (ability === 'adminUser') return admin && writes;
      // Any signed-in user may report another user (never themselves) to the administrators.
      if (ability === 'createAbuseReport') return writes && user !== null && user.id !== subject.user.id;
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
        // Description templates of the group (inherited by its projects): Maintainer and above.
        case 'adminIssueTemplate':
          return readable && writes && level >= AccessLevel.MAINTAINER;
        case 'adminGroup':
        case 'adminGroupMember':
        case 'removeGroup':
          return writes && level >= AccessLevel.OWNER;
        case 'readLabel':
        case 'readMilestone':
        case 'readIteration':
        // Uploads follow their container's visibility; any signed-in reader may attach files.
        case 'readUpload':
          return readable;
        case 'uploadFile':
          return readable && writes;
        case 'createEpic':
        case 'adminLabel':
        case 'adminMilestone':
        // Bulk edit of the group's issue list (each issue is checked again when it is changed).
        case 'adminIssue':
        // Iterations and their cadences: Reporter and above, as GitLab's admin_iteration(_cadence).
        case 'adminIteration':
        case 'adminIterationCadence':
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
        // Reading the epic's child epics (spec 001's canReadRelation: the Add menu's Epic group).
        case 'readEpicRelation':
          return true;
        case 'createNote':
        case 'awardEmoji':
          return writes;
        // Internal notes: Reporter and above (GitLab's read_internal_note / mark_note_as_internal).
        case 'readInternalNote':
          return level >= AccessLevel.REPORTER;
        case 'markNoteAsInternal':
          return writes && level >= AccessLevel.REPORTER;
        case 'resolveNote':
          return writes && (level >= AccessLevel.REPORTER || epic.authorId === user?.id);
        // Editing and deleting other people's notes: Maintainer and above.
        case 'adminNote':
          return writes && level >= AccessLevel.MAINTAINER;
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
      // Hidden issues (submitted as spam): administrators only, as GitLab's `hidden & ~admin`.
      const readable =
        projectReadable &&
        (!issue.confidential || level >= AccessLevel.REPORTER || involved) &&
        (!issue.hidden || admin);
      if (!readable) return false;
      switch (ability) {
        case 'readIssue':
          return true;
        case 'awardEmoji':
          return writes;
        // A locked discussion takes comments from project members only (GitLab's `locked & ~is_project_member`).
        case 'createNote':
          return writes && (!issue.discussionLocked || level >= AccessLevel.GUEST);
        case 'readInternalNote':
          return level >= AccessLevel.REPORTER;
        case 'markNoteAsInternal':
          return writes && level >= AccessLevel.REPORTER;
        case 'resolveNote':
          return writes && (level >= AccessLevel.REPORTER || issue.authorId === user?.id);
        case 'adminNote':
          return writes && level >= AccessLevel.MAINTAINER;
        case 'updateIssue':
        case 'reopenIssue':
        case 'adminIssueRelation':
          return writes && (level >= AccessLevel.REPORTER || involved);
        // Promote to epic: Reporter+ on the issue and on the project's group, once, for issues only.
        case 'promoteToEpic':
          return (
            writes &&
            level >= AccessLevel.REPORTER &&
            issue.issueType === 'issue' &&
            issue.promotedToEpicId === null &&
            (await can(db, actor, 'createEpic', { type: 'Group', group }))
          );
        // 'Submit as spam': administrators, once (the issue is then hidden).
        case 'reportSpam':
          return writes && admin && !issue.hidden;
        case 'adminIssue':
        case 'adminIssueLink':
          return writes && level >= AccessLevel.REPORTER;
        case 'destroyIssue':
          return writes && level >= AccessLevel.OWNER;
        // Work items are issues: their abilities are the issue abilities they stand for.
        case 'readWorkItem':
          return true;
        case 'updateWorkItem':
        case 'adminParentLink':
          return await can(db, actor, 'updateIssue', subject);
        case 'setWorkItemMetadata':
          return await can(db, actor, 'adminIssue', subject);
        case 'adminWorkItemLink':
          return await can(db, actor, 'adminIssueLink', subject);
        // GitLab's WorkItemPolicy: the author may delete what they created (a converted task's Undo).
        case 'deleteWorkItem':
          return (writes && issue.authorId === user?.id) || (await can(db, actor, 'destroyIssue', subject));
        default:
          return false;
      }
    }
    case 'Note': {
      const { note, noteable } = subject;
      const readNoteable = noteable.type === 'Issue' ? 'readIssue' : 'readEpic';
      const readable =
        (await can(db, actor, readNoteable, noteable)) &&
        (!note.internal || (await can(db, actor, 'readInternalNote', noteable)));
      if (!readable) return false;
      const own = user !== null && note.authorId === user.id;
      switch (ability) {
        case 'readNote':
          return true;
        // Replying in the note's thread.
        case 'createNote':
          return await can(db, actor, 'createNote', noteable);
        // Edit and delete: the author, or Maintainer+ of the noteable's container; never system notes.
        case 'adminNote':
          return writes && !note.system && (own || (await can(db, actor, 'adminNote', noteable)));
        case 'resolveNote':
          return note.type === 'DiscussionNote' && !note.system && (await can(db, actor, 'resolveNote', noteable));
        case 'awardEmoji':
          return writes && !note.system;
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
        case 'adminIssueTemplate':
          return writes && level >= AccessLevel.MAINTAINER;
        case 'removeProject':
          return writes && level >= AccessLevel.OWNER;
        case 'readLabel':
        case 'readMilestone':
        // Uploads follow the project's visibility; any signed-in reader may attach files (GitLab's upload_file).
        case 'readUpload':
          return readable;
        case 'uploadFile':
          return readable && writes;
        // Incidents (and changing an issue's type to incident): Reporter and above, as GitLab.
        case 'createIncident':
          return readable && writes && level >= AccessLevel.REPORTER;
        // Anyone who can read a project may open an issue in it (GitLab's default for enabled issues).
        case 'createIssue':
          return readable && writes;
        // Bulk edit and manual ordering of the project's issue list: Reporter and above.
        case 'adminIssue':
          return readable && writes && level >= AccessLevel.REPORTER;
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

/**
 * SQL condition: the epic aliased `e`, in the group aliased `g`, is readable by the actor (same rules
 * as `readEpic`): the group is readable, and a confidential epic needs Reporter+ on the group or an
 * ancestor of it.
 */
export async function visibleEpicsSql(
  db: Db,
  actor: Actor,
  e: SQL = sql.raw('e'),
  g: SQL = sql.raw('g'),
): Promise<SQL> {
  const user = actor.user;
  if (user?.admin && user.state === 'active') return sql`TRUE`;
  if (user && user.state !== 'active') return sql`FALSE`;
  const group = await visibleGroupsSql(db, actor, g);
  if (!user) return sql`(${group} AND NOT ${e}.confidential)`;
  const a = await access(db, actor);
  const reporterGroups = a.memberships
    .filter((m) => m.sourceType === 'Namespace' && m.accessLevel >= AccessLevel.REPORTER)
    .map((m) => m.sourceId);
  return sql`(${group} AND (NOT ${e}.confidential OR ${g}.traversal_ids && ${bigintArray(reporterGroups)}))`;
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

/**
 * SQL condition: the issue aliased `i` is readable by the actor (same rules as `readIssue`): its
 * project is readable, and a confidential issue needs Reporter+ on the project (or its groups), or
 * the actor is its author or one of its assignees; a hidden issue (submitted as spam) only
 * administrators. It reads only `i`: the project rules are decided once per query over the projects
 * (`IN (SELECT …)`, a hashed set), not once per issue through joined rows, so a count over a big
 * group's issues is a scan of issues alone. (`p`, `pg`: kept for callers that name their aliases.)
 */
export async function visibleIssuesSql(
  db: Db,
  actor: Actor,
  i: SQL = sql.raw('i'),
  _p: SQL = sql.raw('p'),
  _pg: SQL = sql.raw('pg'),
): Promise<SQL> {
  const user = actor.user;
  if (user?.admin) return sql`TRUE`;
  if (user && user.state !== 'active') return sql`FALSE`;
  const readable = await visibleProjectsSql(db, actor, sql.raw('vis_ip'), sql.raw('vis_ipg'));
  const project = sql`${i}.project_id IN (SELECT vis_ip.id FROM projects vis_ip
    JOIN groups vis_ipg ON vis_ipg.id = vis_ip.group_id WHERE ${readable})`;
  if (!user) return sql`(${project} AND NOT ${i}.confidential AND NOT ${i}.hidden)`;
  const a = await access(db, actor);
  const reporter = a.memberships.filter((m) => m.accessLevel >= AccessLevel.REPORTER);
  const reporterGroups = reporter.filter((m) => m.sourceType === 'Namespace').map((m) => m.sourceId);
  const reporterProjects = reporter.filter((m) => m.sourceType === 'Project').map((m) => m.sourceId);
  const asReporter =
    reporter.length === 0
      ? sql`FALSE`
      : sql`${i}.project_id IN (SELECT vis_rp.id FROM projects vis_rp JOIN groups vis_rpg ON vis_rpg.id = vis_rp.group_id
          WHERE vis_rp.id = ANY(${bigintArray(reporterProjects)}) OR vis_rpg.traversal_ids && ${bigintArray(reporterGroups)})`;
  // PostgreSQL tries the alternatives in this order: the Reporter's projects (a handful of rows)
  // before the assignments, whose set it would otherwise read whole (every issue the user is
  // assigned to) at the first confidential issue of a list.
  return sql`(${project} AND NOT ${i}.hidden AND (NOT ${i}.confidential
    OR ${asReporter}
    OR ${i}.author_id = ${user.id}
    OR EXISTS (SELECT 1 FROM issue_assignees via_assignee
               WHERE via_assignee.issue_id = ${i}.id AND via_assignee.user_id = ${user.id})))`;
}

/**
 * SQL condition: the row (a label or milestone) whose container columns are `groupId` / `projectId`
 * belongs to a group or project the actor may read — readLabel / readMilestone are the container's
 * read rule (see `can`), so lists of labels and milestones never show those of hidden containers.
 */
export async function visibleContainerSql(db: Db, actor: Actor, groupId: SQL, projectId: SQL): Promise<SQL> {
  if (actor.user?.admin) return sql`TRUE`;
  const groupsOk = await visibleGroupsSql(db, actor, sql.raw('vis_g'));
  const projectsOk = await visibleProjectsSql(db, actor, sql.raw('vis_p'), sql.raw('vis_pg'));
  return sql`(${groupId} IN (SELECT vis_g.id FROM groups vis_g WHERE ${groupsOk})
    OR ${projectId} IN (SELECT vis_p.id FROM projects vis_p JOIN groups vis_pg ON vis_pg.id = vis_p.group_id
      WHERE ${projectsOk}))`;
}

/**
 * SQL condition: internal notes on something in the project `projectId` (an issue's) or the group
 * `groupId` (an epic's) are readable by the actor (same rule as `readInternalNote`: Reporter and above
 * on the project or on a group above it; administrators).
 */
export async function internalNotesReadableSql(db: Db, actor: Actor, groupId: SQL, projectId: SQL): Promise<SQL> {
  const user = actor.user;
  if (!user) return sql`FALSE`;
  if (user.admin) return sql`TRUE`;
  const a = await access(db, actor);
  const reporter = a.memberships.filter((m) => m.accessLevel >= AccessLevel.REPORTER);
  if (reporter.length === 0) return sql`FALSE`;
  const groups = bigintArray(reporter.filter((m) => m.sourceType === 'Namespace').map((m) => m.sourceId));
  const projects = bigintArray(reporter.filter((m) => m.sourceType === 'Project').map((m) => m.sourceId));
  return sql`(${groupId} IN (SELECT rn_g.id FROM groups rn_g WHERE rn_g.traversal_ids && ${groups})
    OR ${projectId} IN (SELECT rn_p.id FROM projects rn_p JOIN groups rn_pg ON rn_pg.id = rn_p.group_id
      WHERE rn_p.id = ANY(${projects}) OR rn_pg.traversal_ids && ${groups}))`;
}

/** SQL condition: the label aliased `l` is readable (readLabel on its group or project). */
export async function visibleLabelsSql(db: Db, actor: Actor, l: SQL = sql.raw('labels')): Promise<SQL> {
  return await visibleContainerSql(db, actor, sql`${l}.group_id`, sql`${l}.project_id`);
}

/** SQL condition: the milestone aliased `m` is readable (readMilestone on its group or project). */
export async function visibleMilestonesSql(db: Db, actor: Actor, m: SQL = sql.raw('milestones')): Promise<SQL> {
  return await visibleContainerSql(db, actor, sql`${m}.group_id`, sql`${m}.project_id`);
}
