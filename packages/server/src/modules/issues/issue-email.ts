/**
 * An issue's reply-by-email address for the viewer (GitLab's `creatable_note_email_address`, the
 * issue page's `issuableEmailAddress`): the configured incoming address with `%{key}` replaced by
 * `<project-path-slug>-<project id>-<the viewer's incoming email token>-issue-<iid>`.
 */
import type { Actor } from '../../authz/actor.ts';
import type { Db } from '../../db/client.ts';
import { usersRepository } from '../users/users.repository.ts';
import type { IssueNode } from './issues.types.ts';

/** GitLab's `Gitlab::Utils.slugify`: lower case, other characters `-`, at most 63, no edge dashes. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');
}

/** The key that stands for `%{key}`. */
export function issueEmailKey(projectFullPath: string, projectId: number, token: string, iid: number): string {
  return `${slugify(projectFullPath)}-${projectId}-${token}-issue-${iid}`;
}

/**
 * The viewer's address for the issue; null when no incoming address is configured or nobody is
 * signed in. The caller has checked that the viewer may read the issue.
 */
export async function issueNoteEmail(
  db: Db,
  actor: Actor,
  node: IssueNode,
  incomingEmail: string | undefined,
): Promise<string | null> {
  if (!incomingEmail || !actor.user) return null;
  const token = await usersRepository(db).incomingEmailToken(actor.user.id);
  if (!token) return null;
  return incomingEmail.replace('%{key}', issueEmailKey(node.project.fullPath, node.project.id, token, node.issue.iid));
}
