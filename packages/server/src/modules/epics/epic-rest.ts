/** REST helpers of the epics routes: GitLab's parameters → service input, and entity presenters. */
import type { Actor } from '../../authz/actor.ts';
import {
  boolParam,
  capped,
  listParam,
  oneOfParam,
  ParamError,
  type Params,
  stringParam,
  timeParam,
} from '../../http/grape-params.ts';
import type { Services } from '../services.ts';
import type { EpicInput } from './epic-input.ts';
import { epicEntity } from './epics.entity.ts';
import type { EpicSortKey } from './epics.repository.ts';
import type { EpicListInput, EpicWithGroup } from './epics.service.ts';

function intOf(v: unknown, name: string): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  throw new ParamError(`${name} is invalid`);
}

/** GitLab's `GET /groups/:id/epics` parameters (ee/lib/api/epics.rb). */
export function listInputOf(q: Params): EpicListInput {
  const authorId = intOf(q.author_id, 'author_id');
  const authorUsername = stringParam(q, 'author_username') || undefined;
  if (authorId !== undefined && authorUsername !== undefined) {
    throw new ParamError('author_id, author_username are mutually exclusive');
  }
  const orderBy = oneOfParam(q, 'order_by', ['created_at', 'updated_at', 'title'] as const) ?? 'created_at';
  const sort = oneOfParam(q, 'sort', ['asc', 'desc'] as const) ?? 'desc';
  const state = oneOfParam(q, 'state', ['opened', 'closed', 'all'] as const);
  const not = (q.not && typeof q.not === 'object' ? q.not : {}) as Params;
  const notAuthorId = intOf(not.author_id, 'not[author_id]');
  return {
    authorId,
    authorUsername,
    labelNames: listParam(q, 'labels'),
    sort: `${orderBy}_${sort}` as EpicSortKey,
    search: stringParam(q, 'search') || undefined,
    state,
    createdAfter: timeParam(q, 'created_after'),
    createdBefore: timeParam(q, 'created_before'),
    updatedAfter: timeParam(q, 'updated_after'),
    updatedBefore: timeParam(q, 'updated_before'),
    includeAncestorGroups: boolParam(q, 'include_ancestor_groups') ?? false,
    includeDescendantGroups: boolParam(q, 'include_descendant_groups') ?? true,
    myReactionEmoji: stringParam(q, 'my_reaction_emoji') || undefined,
    confidential: boolParam(q, 'confidential'),
    not: {
      labelNames: listParam(not, 'labels'),
      authorId: notAuthorId,
      authorUsername: stringParam(not, 'author_username') || undefined,
      myReactionEmoji: stringParam(not, 'my_reaction_emoji') || undefined,
    },
  };
}

/** The attributes of `POST` / `PUT /groups/:id/epics[/:iid]` (and the UI's `epic[...]`). */
export function epicInputOf(p: Params): EpicInput {
  const date = (v: unknown) => (v === undefined ? undefined : v === null || v === '' ? null : v);
  const input: EpicInput = {
    title: p.title,
    description: p.description,
    confidential: boolParam(p, 'confidential'),
    color: p.color,
    startDateIsFixed: boolParam(p, 'start_date_is_fixed'),
    startDateFixed: date(p.start_date_fixed),
    dueDateIsFixed: boolParam(p, 'due_date_is_fixed'),
    dueDateFixed: date(p.due_date_fixed),
    labels: listParam(p, 'labels'),
    addLabels: listParam(p, 'add_labels'),
    removeLabels: listParam(p, 'remove_labels'),
    stateEvent: oneOfParam(p, 'state_event', ['close', 'reopen'] as const),
  };
  // Deprecated start_date / end_date map to fixed dates.
  if (p.start_date !== undefined) {
    input.startDateFixed = date(p.start_date);
    input.startDateIsFixed = true;
  }
  if (p.end_date !== undefined) {
    input.dueDateFixed = date(p.end_date);
    input.dueDateIsFixed = true;
  }
  if (p.parent_id !== undefined)
    input.parentId = p.parent_id === null || p.parent_id === '' ? null : intOf(p.parent_id, 'parent_id');
  if (Array.isArray(p.label_ids)) {
    input.labelIds = capped(p.label_ids, 'label_ids').map((id) => intOf(id, 'label_ids') as number);
  }
  for (const [key, field] of [
    ['created_at', 'createdAt'],
    ['updated_at', 'updatedAt'],
  ] as const) {
    const t = timeParam(p, key);
    if (t) input[field] = new Date(t);
  }
  return input;
}

/** REST entities for a page of epics: labels, authors, parents, votes in a handful of queries. */
export async function presentEpics(
  services: Services,
  actor: Actor,
  rows: readonly EpicWithGroup[],
  base: string,
  opts: { withLabelsDetails?: boolean; withSubscribed?: boolean } = {},
) {
  const epics = services.epics;
  const ids = rows.map((r) => r.epic.id);
  const [labels, votes, users, parents, subscribed] = await Promise.all([
    epics.labelsOf(ids),
    epics.votes(ids),
    epics.usersByIds(rows.flatMap((r) => (r.epic.authorId === null ? [] : [r.epic.authorId]))),
    epics.visibleByIds(
      actor,
      rows.flatMap((r) => (r.epic.parentId === null ? [] : [r.epic.parentId])),
    ),
    opts.withSubscribed ? epics.subscribedOf(actor, ids) : Promise.resolve(undefined),
  ]);
  const parentById = new Map(parents.map((p) => [p.epic.id, p]));
  return rows.map((r) =>
    epicEntity(
      r,
      {
        labels: labels.get(r.epic.id) ?? [],
        author: r.epic.authorId === null ? undefined : users.get(r.epic.authorId),
        parent: r.epic.parentId === null ? null : (parentById.get(r.epic.parentId) ?? null),
        votes: votes.get(r.epic.id) ?? { up: 0, down: 0 },
        subscribed: subscribed?.has(r.epic.id),
        withLabelsDetails: opts.withLabelsDetails,
      },
      base,
    ),
  );
}
