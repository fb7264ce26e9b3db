/**
 * Issue links (relates_to / blocks / is_blocked_by). `is_blocked_by` is stored as the reverse
 * `blocks`. Linking needs `adminIssueLink` on both issues; issues the actor cannot read are never
 * listed, counted or named in a message.
 */
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../errors.ts';
import { recordLink } from '../notes/system-notes.ts';
import { ALREADY_ASSIGNED, NO_MATCHING_ISSUE } from './epic-issues.service.ts';
import { fromSide, type IssueLinkRow, issueLinksRepository } from './issue-links.repository.ts';
import { issueNodes } from './issue-nodes.ts';
import type { IssueNode } from './issues.types.ts';

export const LINK_TYPES = ['relates_to', 'blocks', 'is_blocked_by'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** A link as seen from `issue`: the other issue and the type from this side. */
export type LinkedIssue = { link: IssueLinkRow; linkType: LinkType; other: IssueNode };

export function issueLinksService(db: Db) {
  const repo = issueLinksRepository(db);

  async function readableOther(actor: Actor, issue: IssueNode, link: IssueLinkRow): Promise<LinkedIssue | undefined> {
    const side = fromSide(link, issue.issue.id);
    const [other] = await issueNodes(db, [side.otherIssueId]);
    if (!other || !(await can(db, actor, 'readIssue', { type: 'Issue', ...other }))) return undefined;
    return { link, linkType: side.linkType, other };
  }

  return {
    /** Every link of the issue whose other issue the actor may read (GitLab's list is unpaginated). */
    async list(actor: Actor, issue: IssueNode): Promise<LinkedIssue[]> {
      const links = await repo.listForIssue(issue.issue.id);
      const sides = links.map((link) => fromSide(link, issue.issue.id));
      const others = await issueNodes(
        db,
        sides.map((s) => s.otherIssueId),
      );
      const byId = new Map(others.map((o) => [o.issue.id, o]));
      const out: LinkedIssue[] = [];
      for (const side of sides) {
        const other = byId.get(side.otherIssueId);
        if (other && (await can(db, actor, 'readIssue', { type: 'Issue', ...other }))) {
          out.push({ link: side.link, linkType: side.linkType, other });
        }
      }
      return out;
    },

    /** One link of the issue, if it exists and its other issue is readable. */
    async find(actor: Actor, issue: IssueNode, linkId: number): Promise<LinkedIssue | undefined> {
      const link = await repo.findById(linkId);
      if (!link || (link.sourceId !== issue.issue.id && link.targetId !== issue.issue.id)) return undefined;
      return await readableOther(actor, issue, link);
    },

    /** Links `issue` to `target` (already found readable by the caller). */
    async create(actor: Actor, issue: IssueNode, target: IssueNode, linkType: LinkType = 'relates_to') {
      if (!(await can(db, actor, 'adminIssueLink', { type: 'Issue', ...issue }))) throw new ForbiddenError();
      if (
        target.issue.id === issue.issue.id ||
        !(await can(db, actor, 'adminIssueLink', { type: 'Issue', ...target }))
      ) {
        throw new NotFoundError(NO_MATCHING_ISSUE);
      }
      if (!(LINK_TYPES as readonly string[]).includes(linkType)) {
        throw new AppError(400, 'link_type does not have a valid value');
      }
      return await transaction(db, async (tx) => {
        const r = issueLinksRepository(tx);
        if (await r.findBetween(issue.issue.id, target.issue.id)) throw new ConflictError(ALREADY_ASSIGNED);
        const link =
          linkType === 'is_blocked_by'
            ? await r.insert(target.issue.id, issue.issue.id, 'blocks')
            : await r.insert(issue.issue.id, target.issue.id, linkType);
        await recordLink(tx, actor, 'Issue', link);
        return { link, linkType, source: issue, target };
      });
    },

    /** Whether the actor may add and remove the issue's links (the UI shows remove buttons then). */
    canAdmin: (actor: Actor, issue: IssueNode) => can(db, actor, 'adminIssueLink', { type: 'Issue', ...issue }),

    /** Removes a link of the issue (needs `adminIssueLink` on it). */
    async remove(actor: Actor, issue: IssueNode, linkId: number): Promise<LinkedIssue> {
      const found = await this.find(actor, issue, linkId);
      if (!found) throw new NotFoundError('Not found');
      if (!(await can(db, actor, 'adminIssueLink', { type: 'Issue', ...issue }))) throw new ForbiddenError();
      await transaction(db, async (tx) => {
        await issueLinksRepository(tx).delete(linkId);
        await recordLink(tx, actor, 'Issue', found.link, true);
      });
      return found;
    },
  };
}
