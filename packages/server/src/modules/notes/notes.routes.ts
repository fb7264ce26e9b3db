/**
 * REST v4 notes and discussions on issues and epics (lib/api/notes.rb, discussions.rb): the same
 * routes under `/projects/:id/issues/:issue_iid` and `/groups/:id/epics/:epic_id` — GitLab takes the
 * epic's global id there, not its iid — and award emoji on notes. Thin: parse, call the services, shape.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { NotFoundError } from '../../errors.ts';
import {
  boolParam,
  ParamError,
  type Params,
  pageOf,
  paramsOf,
  requireParams,
  resourceId,
  restRoutes,
} from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { requireUser } from '../../http/params.ts';
import { projectIssue } from '../issues/issue-rest.ts';
import type { Services } from '../services.ts';
import { awardEntity, discussionEntity, noteEntity, noteUserIds } from './notes.entity.ts';
import type { NotesFilter } from './notes.repository.ts';
import type { DiscussionNode, NoteableNode, NoteNode } from './notes.types.ts';

type P = Record<string, string>;
type Req = FastifyRequest<{ Params: P }>;

function oneOf<T extends string>(p: Params, name: string, values: readonly T[], fallback: T): T {
  const v = p[name];
  if (v === undefined || v === '') return fallback;
  if (typeof v !== 'string' || !values.includes(v as T)) throw new ParamError(`${name} does not have a valid value`);
  return v as T;
}

function idParam(raw: string | undefined, what: string): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw new NotFoundError(what);
  return Number(raw);
}

export function notesRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;
  const notes = services.notes;

  async function presentNotes(nodes: NoteNode[]) {
    const users = await notes.users(noteUserIds(nodes.map((n) => n.note)));
    return nodes.map((n) => noteEntity(n, users, base));
  }
  async function presentNote(node: NoteNode) {
    return (await presentNotes([node]))[0];
  }
  async function presentDiscussions(list: DiscussionNode[]) {
    const users = await notes.users(noteUserIds(list.flatMap((d) => d.notes)));
    return list.map((d) => discussionEntity(d, users, base));
  }

  const parents: { prefix: string; load: (request: Req) => Promise<NoteableNode> }[] = [
    {
      prefix: '/projects/:id/issues/:issue_iid',
      load: async (request) => ({
        type: 'Issue',
        node: await projectIssue(services, request.actor, request.params.id ?? '', request.params.issue_iid ?? ''),
      }),
    },
    {
      // `:epic_iid` is the router's name for the segment the epics routes share; GitLab reads an epic id here.
      prefix: '/groups/:id/epics/:epic_iid',
      load: async (request) => {
        const group = await services.groups.get(request.actor, resourceId(request.params.id ?? ''));
        const raw = request.params.epic_iid;
        const epic =
          raw && /^\d{1,15}$/.test(raw) ? await services.epics.findById(request.actor, Number(raw)) : undefined;
        if (!epic?.group.traversalIds.includes(group.id)) throw new NotFoundError('Epic Not Found');
        return { type: 'Epic', node: epic };
      },
    },
  ];

  async function noteOf(request: Req, noteable: NoteableNode): Promise<NoteNode> {
    const node = await notes.get(request.actor, noteable, idParam(request.params.note_id, 'Note Not Found'));
    const discussionId = request.params.discussion_id;
    if (discussionId !== undefined && node.note.discussionId !== discussionId)
      throw new NotFoundError('Note Not Found');
    return node;
  }

  async function updateNote(request: Req, node: NoteNode) {
    const p = paramsOf(request);
    if (p.body === undefined) return await presentNote(node);
    const lockVersion = p.lock_version === undefined ? undefined : Number(p.lock_version);
    if (lockVersion !== undefined && !Number.isSafeInteger(lockVersion))
      throw new ParamError('lock_version is invalid');
    return await presentNote(await notes.update(request.actor, node, { body: p.body, lockVersion }));
  }

  async function removeNote(request: Req, reply: FastifyReply, node: NoteNode) {
    await notes.remove(request.actor, node);
    return reply.code(204).send();
  }

  restRoutes(api, (r) => {
    for (const { prefix, load } of parents) {
      // Notes
      r.get<{ Params: P }>(`${prefix}/notes`, async (request, reply) => {
        const q = request.query as Params;
        const page = pageOf(q);
        const noteable = await load(request);
        const { rows, total } = await notes.list(request.actor, noteable, {
          ...page,
          orderBy: oneOf(q, 'order_by', ['created_at', 'updated_at'] as const, 'created_at'),
          sort: oneOf(q, 'sort', ['asc', 'desc'] as const, 'desc'),
          filter: oneOf<NotesFilter>(
            q,
            'activity_filter',
            ['all_notes', 'only_comments', 'only_activity'],
            'all_notes',
          ),
        });
        setPaginationHeaders(request, reply, page, total, base);
        return await presentNotes(rows);
      });

      r.get<{ Params: P }>(`${prefix}/notes/:note_id`, async (request) =>
        presentNote(await noteOf(request, await load(request))),
      );

      r.post<{ Params: P }>(`${prefix}/notes`, async (request, reply) => {
        requireUser(request.actor, true);
        const p = paramsOf(request);
        requireParams(p, 'body');
        const internal = boolParam(p, 'internal') ?? boolParam(p, 'confidential');
        const node = await notes.create(request.actor, await load(request), { body: p.body, internal });
        return reply.code(201).send(await presentNote(node));
      });

      r.put<{ Params: P }>(`${prefix}/notes/:note_id`, async (request) => {
        requireUser(request.actor, true);
        return await updateNote(request, await noteOf(request, await load(request)));
      });

      r.delete<{ Params: P }>(`${prefix}/notes/:note_id`, async (request, reply) => {
        requireUser(request.actor, true);
        return await removeNote(request, reply, await noteOf(request, await load(request)));
      });

      // Discussions
      r.get<{ Params: P }>(`${prefix}/discussions`, async (request, reply) => {
        const page = pageOf(request.query as Params);
        const { rows, total } = await notes.discussions(request.actor, await load(request), page);
        setPaginationHeaders(request, reply, page, total, base);
        return await presentDiscussions(rows);
      });

      const discussionOf = async (request: Req, noteable: NoteableNode) =>
        await notes.discussion(request.actor, noteable, request.params.discussion_id ?? '');

      r.get<{ Params: P }>(`${prefix}/discussions/:discussion_id`, async (request) => {
        const [entity] = await presentDiscussions([await discussionOf(request, await load(request))]);
        return entity;
      });

      r.post<{ Params: P }>(`${prefix}/discussions`, async (request, reply) => {
        requireUser(request.actor, true);
        const p = paramsOf(request);
        requireParams(p, 'body');
        const noteable = await load(request);
        const internal = boolParam(p, 'internal') ?? boolParam(p, 'confidential');
        const node = await notes.create(request.actor, noteable, { body: p.body, internal, thread: true });
        const [entity] = await presentDiscussions([
          await notes.discussion(request.actor, noteable, node.note.discussionId),
        ]);
        return reply.code(201).send(entity);
      });

      r.put<{ Params: P }>(`${prefix}/discussions/:discussion_id`, async (request) => {
        requireUser(request.actor, true);
        const p = paramsOf(request);
        requireParams(p, 'resolved');
        const resolved = boolParam(p, 'resolved') ?? false;
        const discussion = await discussionOf(request, await load(request));
        const [entity] = await presentDiscussions([await notes.resolveDiscussion(request.actor, discussion, resolved)]);
        return entity;
      });

      r.get<{ Params: P }>(`${prefix}/discussions/:discussion_id/notes`, async (request) => {
        const discussion = await discussionOf(request, await load(request));
        return await presentNotes(discussion.notes.map((note) => ({ note, noteable: discussion.noteable })));
      });

      r.post<{ Params: P }>(`${prefix}/discussions/:discussion_id/notes`, async (request, reply) => {
        requireUser(request.actor, true);
        const p = paramsOf(request);
        requireParams(p, 'body');
        const node = await notes.create(request.actor, await load(request), {
          body: p.body,
          discussionId: request.params.discussion_id ?? '',
        });
        return reply.code(201).send(await presentNote(node));
      });

      r.get<{ Params: P }>(`${prefix}/discussions/:discussion_id/notes/:note_id`, async (request) =>
        presentNote(await noteOf(request, await load(request))),
      );

      r.put<{ Params: P }>(`${prefix}/discussions/:discussion_id/notes/:note_id`, async (request) => {
        requireUser(request.actor, true);
        const p = paramsOf(request);
        if ((p.body === undefined) === (p.resolved === undefined)) {
          throw new ParamError('body, resolved are missing, exactly one parameter must be provided');
        }
        const node = await noteOf(request, await load(request));
        if (p.body !== undefined) return await updateNote(request, node);
        return await presentNote(await notes.resolveNote(request.actor, node, boolParam(p, 'resolved') ?? false));
      });

      r.delete<{ Params: P }>(`${prefix}/discussions/:discussion_id/notes/:note_id`, async (request, reply) => {
        requireUser(request.actor, true);
        return await removeNote(request, reply, await noteOf(request, await load(request)));
      });

      // Award emoji on notes
      const awardPath = `${prefix}/notes/:note_id/award_emoji`;
      const awardable = async (request: Req) =>
        ({ type: 'Note', node: await noteOf(request, await load(request)) }) as const;
      const presentAwards = async (rows: Awaited<ReturnType<Services['awards']['listFor']>>) => {
        const users = await notes.users(rows.map((a) => a.userId));
        return rows.map((a) => awardEntity(a, users.get(a.userId), base));
      };

      r.get<{ Params: P }>(awardPath, async (request, reply) => {
        const page = pageOf(request.query as Params);
        const all = await services.awards.listFor('Note', [(await awardable(request)).node.note.id]);
        setPaginationHeaders(request, reply, page, all.length, base);
        return await presentAwards(all.slice(page.offset, page.offset + page.limit));
      });

      r.get<{ Params: P }>(`${awardPath}/:award_id`, async (request) => {
        const found = await services.awards.find(
          await awardable(request),
          idParam(request.params.award_id, 'Award Emoji Not Found'),
        );
        if (!found) throw new NotFoundError('Award Emoji Not Found');
        return (await presentAwards([found]))[0];
      });

      r.post<{ Params: P }>(awardPath, async (request, reply) => {
        requireUser(request.actor, true);
        const p = paramsOf(request);
        requireParams(p, 'name');
        const award = await services.awards.add(request.actor, await awardable(request), p.name);
        return reply.code(201).send((await presentAwards([award]))[0]);
      });

      r.delete<{ Params: P }>(`${awardPath}/:award_id`, async (request, reply) => {
        requireUser(request.actor, true);
        const found = await services.awards.find(
          await awardable(request),
          idParam(request.params.award_id, 'Award Emoji Not Found'),
        );
        if (!found) throw new NotFoundError('Award Emoji Not Found');
        await services.awards.remove(request.actor, found);
        return reply.code(204).send();
      });
    }
  });
}
