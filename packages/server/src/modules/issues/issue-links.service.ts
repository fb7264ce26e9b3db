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

  /**
   * Links `issue` to each of `targets` (checked by the caller: readable and linkable) in one
   * transaction, the issues locked in id order; a target already linked either way is skipped.
   * Answers the links made, in the targets' order.
   */
  async function linkAll(
    actor: Actor,
    issue: IssueNode,
    targets: readonly IssueNode[],
    linkType: LinkType = 'relates_to',
  ): Promise<Array<{ link: IssueLinkRow; target: IssueNode }>> {
    if (!(LINK_TYPES as readonly string[]).includes(linkType)) {
      throw new AppError(400, 'link_type does not have a valid value');
    }
    return await transaction(db, async (tx) => {
      const r = issueLinksRepository(tx);
      await r.lockIssues([issue.issue.id, ...targets.map((t) => t.issue.id)]);
      const made: Array<{ link: IssueLinkRow; target: IssueNode }> = [];
      for (const target of targets) {
        if (target.issue.id === issue.issue.id || (await r.findBetween(issue.issue.id, target.issue.id))) continue;
        const link =
          linkType === 'is_blocked_by'
            ? await r.insert(target.issue.id, issue.issue.id, 'blocks')
            : await r.insert(issue.issue.id, target.issue.id, linkType);
        await recordLink(tx, actor, 'Issue', link);
        made.push({ link, target });
      }
      return made;
    });
  }

  /**
   * Removes the links between `issue` and each of `otherIds` (GitLab's RelatedWorkItemLinks
   * DestroyService): a link is removed when the actor may admin the links of the other issue too.
   * An id not linked, or linked to an issue the actor cannot read (hidden is missing), is neither
   * removed nor failed. Answers the other issues' ids removed and refused, in the order given.
   */
  async function unlinkAll(
    actor: Actor,
    issue: IssueNode,
    otherIds: readonly number[],
  ): Promise<{ removed: number[]; failed: number[] }> {
    const wanted = new Set(otherIds);
    const sides = (await repo.listForIssue(issue.issue.id))
      .map((link) => fromSide(link, issue.issue.id))
      .filter((side) => wanted.has(side.otherIssueId));
    const others = new Map(
      (
        await issueNodes(
          db,
          sides.map((s) => s.otherIssueId),
        )
      ).map((o) => [o.issue.id, o]),
    );
    const removable: typeof sides = [];
    const failed: number[] = [];
    for (const side of sides) {
      const other = others.get(side.otherIssueId);
      if (!other || !(await can(db, actor, 'readIssue', { type: 'Issue', ...other }))) continue;
      if (await can(db, actor, 'adminIssueLink', { type: 'Issue', ...other })) removable.push(side);
      else failed.push(side.otherIssueId);
    }
    const removed = await transaction(db, async (tx) => {
      const r = issueLinksRepository(tx);
      await r.lockIssues([issue.issue.id, ...removable.map((s) => s.otherIssueId)]);
      const gone: number[] = [];
      for (const side of removable) {
        // A request that removed it meanwhile has written its note already.
        if (!(await r.findById(side.link.id))) continue;
        await r.delete(side.link.id);
        await recordLink(tx, actor, 'Issue', side.link, true);
        gone.push(side.otherIssueId);
      }
      return gone;
    });
    const order = (ids: number[]) => otherIds.filter((id) => ids.includes(id));
    return { removed: order(removed), failed: order(failed) };
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
      const [created] = await linkAll(actor, issue, [target], linkType);
      if (!created) throw new ConflictError(ALREADY_ASSIGNED);
      return { link: created.link, linkType, source: issue, target };
    },

    linkAll,
    unlinkAll,

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
