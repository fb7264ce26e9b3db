/**
 * Related epics (GitLab's related epic links): "relates to", "blocks" and "is blocked by" between
 * two epics. Reading needs read on both epics; adding and removing need `adminEpicRelation` on the
 * epic whose page it is and read on the other one. An epic the actor cannot read looks missing.
 */
import { sql } from 'drizzle-orm';
import type { Actor } from '../../authz/actor.ts';
import { can, visibleEpicsSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { GroupRow } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../errors.ts';
import { recordLink } from '../notes/system-notes.ts';
import { EPIC_NOT_FOUND_REFERENCE, EPICS_ALREADY_ASSIGNED } from './epic-hierarchy.ts';
import { type EpicLinkRow, epicLinksRepository } from './epic-links.repository.ts';
import { type EpicWithGroup, epicsRepository } from './epics.repository.ts';

export const LINK_TYPES = ['relates_to', 'blocks', 'is_blocked_by'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export const CANNOT_LINK_ITSELF = 'An epic cannot be linked to itself.';

export function isLinkType(value: unknown): value is LinkType {
  return typeof value === 'string' && (LINK_TYPES as readonly string[]).includes(value);
}

/** One related epic seen from the epic whose links are listed. */
export type RelatedEpic = { link: EpicLinkRow; linkType: LinkType; epic: EpicWithGroup };

/** A stored link with both of its epics. */
export type EpicLink = { link: EpicLinkRow; source: EpicWithGroup; target: EpicWithGroup };

/** The link type as seen from `epicId`: a stored `blocks` whose target it is reads "is blocked by". */
function typeFrom(link: EpicLinkRow, epicId: number): LinkType {
  if (link.linkType === 'relates_to') return 'relates_to';
  return link.sourceId === epicId ? 'blocks' : 'is_blocked_by';
}

export function epicLinksService(db: Db) {
  const repo = epicLinksRepository(db);
  const epics = epicsRepository(db);

  const readable = async (actor: Actor, found: EpicWithGroup | undefined) =>
    found && (await can(db, actor, 'readEpic', { type: 'Epic', ...found })) ? found : undefined;

  async function assertAdmin(actor: Actor, epic: EpicWithGroup): Promise<void> {
    if (!(await can(db, actor, 'adminEpicRelation', { type: 'Epic', ...epic }))) throw new ForbiddenError();
  }

  return {
    /** May the actor add and remove links of this epic? */
    async canAdmin(actor: Actor, epic: EpicWithGroup): Promise<boolean> {
      return await can(db, actor, 'adminEpicRelation', { type: 'Epic', ...epic });
    },

    /** The epics linked to `epic` (which the caller has read) that the actor may read, oldest link first. */
    async related(actor: Actor, epic: EpicWithGroup): Promise<RelatedEpic[]> {
      const links = await repo.ofEpic(epic.epic.id);
      const otherId = (l: EpicLinkRow) => (l.sourceId === epic.epic.id ? l.targetId : l.sourceId);
      const others = new Map((await epics.findByIds(links.map(otherId))).map((e) => [e.epic.id, e]));
      const result: RelatedEpic[] = [];
      for (const link of links) {
        const other = await readable(actor, others.get(otherId(link)));
        if (other) result.push({ link, linkType: typeFrom(link, epic.epic.id), epic: other });
      }
      return result;
    },

    /**
     * Links `source` to `target` (undefined when missing or hidden → 404). `is_blocked_by` is stored
     * as `target blocks source`. A pair is linked once, whatever the direction (409).
     */
    async create(
      actor: Actor,
      source: EpicWithGroup,
      target: EpicWithGroup | undefined,
      linkType: LinkType,
    ): Promise<EpicLink> {
      await assertAdmin(actor, source);
      const other = await readable(actor, target);
      if (!other) throw new NotFoundError('Epic Not Found');
      if (other.epic.id === source.epic.id) throw new AppError(422, CANNOT_LINK_ITSELF);
      if (await repo.linked(source.epic.id, other.epic.id)) throw new ConflictError(EPICS_ALREADY_ASSIGNED);
      const [from, to] = linkType === 'is_blocked_by' ? [other, source] : [source, other];
      return await transaction(db, async (tx) => {
        const type = linkType === 'relates_to' ? 'relates_to' : 'blocks';
        const link = await epicLinksRepository(tx).insert(from.epic.id, to.epic.id, type);
        if (!link) throw new ConflictError(EPICS_ALREADY_ASSIGNED);
        await recordLink(tx, actor, 'Epic', link);
        return { link, source: from, target: to };
      });
    },

    /**
     * The add form's several references at once, all or nothing: a missing or hidden one → 404,
     * the epic itself → 422, every one linked already → 409; the others are linked.
     */
    async createMany(
      actor: Actor,
      source: EpicWithGroup,
      targets: readonly (EpicWithGroup | undefined)[],
      linkType: LinkType,
    ): Promise<EpicLink[]> {
      await assertAdmin(actor, source);
      const others = new Map<number, EpicWithGroup>();
      for (const target of targets) {
        const other = await readable(actor, target);
        if (!other) throw new AppError(404, EPIC_NOT_FOUND_REFERENCE);
        if (other.epic.id === source.epic.id) throw new AppError(422, CANNOT_LINK_ITSELF);
        others.set(other.epic.id, other);
      }
      if (others.size === 0) throw new AppError(404, EPIC_NOT_FOUND_REFERENCE);
      const fresh: EpicWithGroup[] = [];
      for (const other of others.values()) {
        if (!(await repo.linked(source.epic.id, other.epic.id))) fresh.push(other);
      }
      if (fresh.length === 0) throw new ConflictError(EPICS_ALREADY_ASSIGNED);
      return await transaction(db, async (tx) => {
        const links: EpicLink[] = [];
        for (const other of fresh) {
          const [from, to] = linkType === 'is_blocked_by' ? [other, source] : [source, other];
          const type = linkType === 'relates_to' ? 'relates_to' : 'blocks';
          const link = await epicLinksRepository(tx).insert(from.epic.id, to.epic.id, type);
          if (link) links.push({ link, source: from, target: to });
          if (link) await recordLink(tx, actor, 'Epic', link);
        }
        return links;
      });
    },

    /** Removes one of `epic`'s links; a link of another epic, or to a hidden epic, is missing (404). */
    async remove(actor: Actor, epic: EpicWithGroup, linkId: number): Promise<EpicLink> {
      const link = Number.isSafeInteger(linkId) ? await repo.find(linkId) : undefined;
      if (!link || (link.sourceId !== epic.epic.id && link.targetId !== epic.epic.id)) {
        throw new NotFoundError('Not found');
      }
      const otherId = link.sourceId === epic.epic.id ? link.targetId : link.sourceId;
      const other = await readable(actor, await epics.findById(otherId));
      if (!other) throw new NotFoundError('Not found');
      await assertAdmin(actor, epic);
      await transaction(db, async (tx) => {
        await epicLinksRepository(tx).remove(link.id);
        await recordLink(tx, actor, 'Epic', link, true);
      });
      return link.sourceId === epic.epic.id
        ? { link, source: epic, target: other }
        : { link, source: other, target: epic };
    },

    /** Links of the group's (and its subgroups') epics where the actor may read both epics. */
    async ofGroup(
      actor: Actor,
      group: GroupRow,
      filter: { createdAfter?: Date; createdBefore?: Date; updatedAfter?: Date; updatedBefore?: Date },
      page: { limit: number; offset: number },
    ): Promise<{ rows: EpicLink[]; total: number }> {
      const [visibleSource, visibleTarget] = await Promise.all([
        visibleEpicsSql(db, actor, sql.raw('se'), sql.raw('sg')),
        visibleEpicsSql(db, actor, sql.raw('te'), sql.raw('tg')),
      ]);
      const { rows, total } = await repo.ofGroup(group.id, visibleSource, visibleTarget, filter, page);
      const byId = new Map(
        (await epics.findByIds(rows.flatMap((l) => [l.sourceId, l.targetId]))).map((e) => [e.epic.id, e]),
      );
      return {
        rows: rows.flatMap((link) => {
          const source = byId.get(link.sourceId);
          const target = byId.get(link.targetId);
          return source && target ? [{ link, source, target }] : [];
        }),
        total,
      };
    },
  };
}
