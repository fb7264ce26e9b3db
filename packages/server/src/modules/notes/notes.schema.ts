/**
 * GraphQL notes: the Note and Discussion types, `notes` and `discussions` on Issue and Epic, and
 * GitLab's createNote, updateNote, destroyNote and discussionToggleResolve mutations. Thin: the
 * notes service decides everything.
 */
import { NOTE_ABILITIES } from '@milepost/shared';
import { GraphQLError } from 'graphql';
import { NotFoundError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { countedConnection } from '../../graphql/connections.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fromGlobalId, toGlobalId } from '../../graphql/global-id.ts';
import { runMutation } from '../../graphql/mutation.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { permissionsType } from '../../graphql/permissions.ts';
import { EpicRef, IssueRef } from '../../graphql/refs.ts';
import { AwardEmojiConnection, AwardEmojiRef } from '../awards/awards.schema.ts';
import { EpicIssueRef } from '../issues/epic-issues.schema.ts';
import { UserCoreRef } from '../users/users.schema.ts';
import { noteLoaders } from './notes.loaders.ts';
import type { NotesFilter } from './notes.repository.ts';
import { noteableSubject } from './notes.service.ts';
import type { DiscussionNode, NoteableNode, NoteNode } from './notes.types.ts';
import { SYSTEM_NOTE_ICONS } from './system-notes.ts';

export const NoteRef = builder.objectRef<NoteNode>('Note');
export const DiscussionRef = builder.objectRef<DiscussionNode>('Discussion');

const NotePermissionsRef = permissionsType<NoteNode>('NotePermissions', NOTE_ABILITIES, (n) => ({
  type: 'Note',
  note: n.note,
  noteable: noteableSubject(n.noteable),
}));

export const NotesFilterEnum = builder.enumType('NotesFilterType', {
  description: 'Work item notes collection type.',
  values: {
    ALL_NOTES: { value: 'all_notes', description: 'Show all activity.' },
    ONLY_COMMENTS: { value: 'only_comments', description: 'Show comments only.' },
    ONLY_ACTIVITY: { value: 'only_activity', description: 'Show history only.' },
  } as const,
});

export const SortDirectionEnum = builder.enumType('SortDirectionEnum', {
  description: 'Sort direction.',
  values: {
    ASC: { value: 'asc', description: 'Ascending order.' },
    DESC: { value: 'desc', description: 'Descending order.' },
  } as const,
});

const resolvable = (n: NoteNode['note']) => n.type === 'DiscussionNote' && !n.system;

NoteRef.implement({
  description: 'A comment or a system note on an issue or an epic',
  fields: (t) => ({
    id: t.id({ description: 'ID of the note.', resolve: (n) => toGlobalId('Note', n.note.id) }),
    body: t.string({ description: 'Content of the note.', resolve: (n) => n.note.note }),
    bodyHtml: t.string({
      nullable: true,
      description: 'GitLab Flavored Markdown rendering of the note.',
      // The stored rendering links mentions; references to things the reader may or may not see
      // are rendered for this reader.
      resolve: (n, _args, ctx) =>
        /[#&%~]/.test(n.note.note)
          ? ctx.services.markdown.render(
              ctx.actor,
              n.note.note,
              n.noteable.type === 'Issue'
                ? { type: 'Project', project: n.noteable.node.project }
                : { type: 'Group', group: n.noteable.node.group },
            )
          : n.note.noteHtml,
    }),
    author: t.field({
      type: UserCoreRef,
      nullable: true,
      description: 'User who wrote the note.',
      resolve: (n) => n.note.authorId,
    }),
    system: t.boolean({
      description: 'Indicates whether the note was created by the system.',
      resolve: (n) => n.note.system,
    }),
    systemNoteIconName: t.string({
      nullable: true,
      description: 'Name of the icon corresponding to a system note.',
      resolve: (n) => (n.note.systemNoteAction ? (SYSTEM_NOTE_ICONS[n.note.systemNoteAction] ?? null) : null),
    }),
    internal: t.boolean({
      nullable: true,
      description: 'Indicates if the note is internal (visible to Reporter and above only).',
      resolve: (n) => n.note.internal,
    }),
    confidential: t.boolean({
      nullable: true,
      description: 'Indicates if this note is confidential. Deprecated: use `internal`.',
      resolve: (n) => n.note.internal,
    }),
    createdAt: t.field({
      type: 'Time',
      description: 'Timestamp of the note creation.',
      resolve: (n) => n.note.createdAt,
    }),
    updatedAt: t.field({
      type: 'Time',
      description: "Timestamp of the note's last activity.",
      resolve: (n) => n.note.updatedAt,
    }),
    lastEditedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp when the note was last edited.',
      resolve: (n) => n.note.lastEditedAt,
    }),
    lastEditedBy: t.field({
      type: UserCoreRef,
      nullable: true,
      description: 'User who last edited the note.',
      resolve: (n) => (n.note.lastEditedAt ? n.note.updatedById : null),
    }),
    lockVersion: t.int({
      description: "Version of the note's text, for `updateNote`'s `lockVersion` (optimistic locking).",
      resolve: (n) => n.note.lockVersion,
    }),
    resolvable: t.boolean({
      description: 'Indicates if the object can be resolved.',
      resolve: (n) => resolvable(n.note),
    }),
    resolved: t.boolean({
      description: 'Indicates if the object is resolved.',
      resolve: (n) => resolvable(n.note) && n.note.resolvedAt !== null,
    }),
    resolvedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the object was resolved.',
      resolve: (n) => n.note.resolvedAt,
    }),
    resolvedBy: t.field({
      type: UserCoreRef,
      nullable: true,
      description: 'User who resolved the object.',
      resolve: (n) => n.note.resolvedById,
    }),
    discussion: t.field({
      type: DiscussionRef,
      nullable: true,
      description: 'Discussion the note is a part of.',
      resolve: (n, _a, ctx) => noteLoaders(ctx).discussion.load({ noteable: n.noteable, id: n.note.discussionId }),
    }),
    userPermissions: t.field({
      type: NotePermissionsRef,
      description: 'Permissions for the current user on the resource.',
      resolve: (n) => n,
    }),
    awardEmoji: t.connection(
      {
        type: AwardEmojiRef,
        nullable: true,
        description: 'List of emoji reactions associated with the note.',
        resolve: async (n, args, ctx) => {
          const rows = await noteLoaders(ctx).awards.load(n.note.id);
          return offsetConnection(args, async ({ limit, offset }) => ({
            rows: rows.slice(offset, offset + limit),
            total: rows.length,
          }));
        },
      },
      AwardEmojiConnection,
    ),
  }),
});

export const NoteConnection = countedConnection(NoteRef, 'Note');

const first = (d: DiscussionNode) => d.notes[0];

DiscussionRef.implement({
  description: 'A thread of notes, or one individual note',
  fields: (t) => ({
    id: t.id({ description: 'ID of this discussion.', resolve: (d) => toGlobalId('Discussion', d.id) }),
    replyId: t.id({
      description: 'ID used to reply to this discussion.',
      resolve: (d) => toGlobalId('Discussion', d.id),
    }),
    createdAt: t.field({
      type: 'Time',
      description: "Timestamp of the discussion's creation.",
      resolve: (d) => first(d)?.createdAt ?? new Date(0),
    }),
    individualNote: t.boolean({
      description: 'Indicates whether the discussion is an individual note rather than a thread.',
      resolve: (d) => first(d)?.type === null,
    }),
    notes: t.connection(
      {
        type: NoteRef,
        description: 'All notes in the discussion.',
        resolve: (d, args) =>
          offsetConnection(args, async ({ limit, offset }) => ({
            rows: d.notes.slice(offset, offset + limit).map((note) => ({ note, noteable: d.noteable })),
            total: d.notes.length,
          })),
      },
      NoteConnection,
    ),
    resolvable: t.boolean({
      description: 'Indicates if the object can be resolved.',
      resolve: (d) => d.notes.some(resolvable),
    }),
    resolved: t.boolean({
      description: 'Indicates if the object is resolved.',
      resolve: (d) => d.notes.some(resolvable) && d.notes.filter(resolvable).every((n) => n.resolvedAt !== null),
    }),
    resolvedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the object was resolved.',
      resolve: (d) => {
        const notes = d.notes.filter(resolvable);
        if (!notes.length || notes.some((n) => n.resolvedAt === null)) return null;
        return new Date(Math.max(...notes.map((n) => (n.resolvedAt as Date).getTime())));
      },
    }),
    resolvedBy: t.field({
      type: UserCoreRef,
      nullable: true,
      description: 'User who resolved the object.',
      resolve: (d) => {
        const notes = d.notes.filter(resolvable);
        if (!notes.length || notes.some((n) => n.resolvedAt === null)) return null;
        return notes[notes.length - 1]?.resolvedById ?? null;
      },
    }),
  }),
});

export const DiscussionConnection = countedConnection(DiscussionRef, 'Discussion');

const FILTER = 'Type of notes collection: ALL_NOTES, ONLY_COMMENTS, ONLY_ACTIVITY.';
type ListArgs = {
  filter?: NotesFilter | null;
  sort?: 'asc' | 'desc' | null;
  first?: number | null;
  after?: string | null;
};

/** A noteable's notes, oldest first (GitLab's order in the activity list). */
const listNotes = (noteable: NoteableNode, args: ListArgs, ctx: GraphQLContext) =>
  offsetConnection(args, (page) =>
    ctx.services.notes.list(ctx.actor, noteable, { ...page, filter: args.filter ?? 'all_notes', sort: 'asc' }),
  );

const listDiscussions = (noteable: NoteableNode, args: ListArgs, ctx: GraphQLContext) =>
  offsetConnection(args, (page) =>
    ctx.services.notes.discussions(ctx.actor, noteable, {
      ...page,
      filter: args.filter ?? 'all_notes',
      sort: args.sort ?? 'asc',
    }),
  );

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** `notes` and `discussions` of a noteable type (Issue, Epic). */
function noteableFields<Parent>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>,
  what: string,
  noteable: (parent: Parent) => NoteableNode,
) {
  return {
    userNotesCount: t.int({
      description: `Number of user notes of the ${what}.`,
      resolve: async (parent, _a, ctx) => (await noteLoaders(ctx).userCounts.load(noteable(parent))).notes,
    }),
    userDiscussionsCount: t.int({
      description: `Number of user discussions in the ${what}.`,
      resolve: async (parent, _a, ctx) => (await noteLoaders(ctx).userCounts.load(noteable(parent))).discussions,
    }),
    notes: t.connection(
      {
        type: NoteRef,
        description: `All notes on this ${what}.`,
        args: { filter: t.arg({ type: NotesFilterEnum, required: false, description: FILTER }) },
        resolve: (parent, args, ctx) => listNotes(noteable(parent), args, ctx),
      },
      NoteConnection,
    ),
    discussions: t.connection(
      {
        type: DiscussionRef,
        description: `All discussions on this ${what}.`,
        args: {
          filter: t.arg({ type: NotesFilterEnum, required: false, description: FILTER }),
          sort: t.arg({
            type: SortDirectionEnum,
            required: false,
            description: 'Order of the discussions by their first note: ASC oldest first (default), DESC newest first.',
          }),
        },
        resolve: (parent, args, ctx) => listDiscussions(noteable(parent), args, ctx),
      },
      DiscussionConnection,
    ),
  };
}

builder.objectFields(IssueRef, (t) => noteableFields(t, 'issue', (node) => ({ type: 'Issue', node })));
builder.objectFields(EpicIssueRef, (t) => noteableFields(t, 'issue', (node) => ({ type: 'Issue', node })));
builder.objectFields(EpicRef, (t) => noteableFields(t, 'epic', (node) => ({ type: 'Epic', node })));

/** The noteable a `NoteableID` (`gid://gitlab/Issue/1`, `gid://gitlab/Epic/1`) names, if readable. */
async function noteableOf(ctx: GraphQLContext, gid: string): Promise<NoteableNode> {
  const type = gid.startsWith('gid://gitlab/Epic/') ? 'Epic' : 'Issue';
  const id = fromGlobalId(gid, 'Issue', 'Epic');
  if (type === 'Epic') {
    const node = await ctx.services.epics.findById(ctx.actor, id);
    if (node) return { type, node };
  } else {
    const node = await ctx.services.issues.findById(ctx.actor, id);
    if (node) return { type, node };
  }
  throw new NotFoundError();
}

async function noteOf(ctx: GraphQLContext, gid: string): Promise<NoteNode> {
  const node = await ctx.services.notes.findById(ctx.actor, fromGlobalId(gid, 'Note'));
  if (!node) throw new NotFoundError();
  return node;
}

/** A `DiscussionID`: `gid://gitlab/Discussion/<40 hex digits>`. */
function discussionIdOf(gid: string): string {
  const m = /^gid:\/\/gitlab\/Discussion\/([0-9a-f]{40})$/.exec(gid);
  if (!m?.[1]) throw new GraphQLError(`"${gid}" does not represent an instance of Discussion`);
  return m[1];
}

builder.queryField('note', (t) =>
  t.field({
    type: NoteRef,
    nullable: true,
    description: 'Find a note.',
    extensions: { ability: 'readNote' },
    args: { id: t.arg.id({ required: true, description: 'Global ID of the note.' }) },
    resolve: async (_root, args, ctx) => {
      const id = String(args.id);
      if (!/^gid:\/\/gitlab\/Note\/\d{1,15}$/.test(id)) return null;
      return (await ctx.services.notes.findById(ctx.actor, fromGlobalId(id, 'Note'))) ?? null;
    },
  }),
);

const errorsField = { description: 'Errors encountered during execution of the mutation.' };

const noteableInputFields = (t: PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>) => ({
  noteableId: t.id({ required: true, description: 'Global ID of the resource to add a note to.' }),
  body: t.string({ required: true, description: 'Content of the note.' }),
  internal: t.boolean({
    required: false,
    description: 'Internal flag for a note. Default is false (Reporter and above only).',
  }),
});

const notePayloadFields = {
  outputFields: (t: PothosSchemaTypes.ObjectFieldBuilder<Types, { note: NoteNode | null; errors: string[] }>) => ({
    note: t.field({ type: NoteRef, nullable: true, description: 'Note after mutation.', resolve: (p) => p.note }),
    errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
  }),
};

type CreateInput = {
  noteableId: string | number;
  body: string;
  internal?: boolean | null;
  discussionId?: string | number | null;
};

/** createNote and createDiscussion: a comment, a reply, or the first note of a new thread. */
const createIn = (ctx: GraphQLContext, input: CreateInput, thread: boolean) =>
  runMutation(
    async () => {
      const noteable = await noteableOf(ctx, String(input.noteableId));
      const discussionId = input.discussionId ? discussionIdOf(String(input.discussionId)) : undefined;
      const note = await ctx.services.notes.create(ctx.actor, noteable, {
        body: input.body,
        internal: input.internal ?? false,
        discussionId,
        thread,
      });
      return { note };
    },
    { note: null },
  );

builder.relayMutationField(
  'createNote',
  {
    inputFields: (t) => ({
      ...noteableInputFields(t),
      discussionId: t.id({ required: false, description: 'Global ID of the discussion the note is in reply to.' }),
    }),
  },
  {
    description: 'Creates a note on an issue or an epic, or a reply in one of their discussions.',
    extensions: { ability: 'createNote' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) => createIn(ctx, input as CreateInput, false),
  },
  notePayloadFields,
);

builder.relayMutationField(
  'createDiscussion',
  { inputFields: (t) => noteableInputFields(t) },
  {
    description: 'Starts a thread (a resolvable discussion) on an issue or an epic.',
    extensions: { ability: 'createNote' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) => createIn(ctx, input as CreateInput, true),
  },
  notePayloadFields,
);

builder.relayMutationField(
  'updateNote',
  {
    inputFields: (t) => ({
      id: t.id({ required: true, description: 'Global ID of the note to update.' }),
      body: t.string({ required: false, description: 'Content of the note.' }),
      lockVersion: t.int({
        required: false,
        description:
          "The note's `lockVersion` the change is based on; when someone changed the note since, nothing is saved and the payload says so.",
      }),
    }),
  },
  {
    description: 'Updates the text of a note (its author, or Maintainer and above).',
    extensions: { ability: 'adminNote' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const node = await noteOf(ctx, String(input.id));
          if (input.body == null) return { note: node };
          return {
            note: await ctx.services.notes.update(ctx.actor, node, {
              body: input.body,
              lockVersion: input.lockVersion ?? undefined,
            }),
          };
        },
        { note: null },
      ),
  },
  {
    outputFields: (t) => ({
      note: t.field({ type: NoteRef, nullable: true, description: 'Note after mutation.', resolve: (p) => p.note }),
      errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
    }),
  },
);

builder.relayMutationField(
  'destroyNote',
  {
    inputFields: (t) => ({ id: t.id({ required: true, description: 'Global ID of the note to destroy.' }) }),
  },
  {
    description: 'Deletes a note; a thread goes with its last note.',
    extensions: { ability: 'adminNote' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          await ctx.services.notes.remove(ctx.actor, await noteOf(ctx, String(input.id)));
          return { note: null };
        },
        { note: null },
      ),
  },
  {
    outputFields: (t) => ({
      note: t.field({ type: NoteRef, nullable: true, description: 'Note after mutation.', resolve: () => null }),
      errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
    }),
  },
);

builder.relayMutationField(
  'discussionToggleResolve',
  {
    inputFields: (t) => ({
      id: t.id({ required: true, description: 'Global ID of the discussion.' }),
      resolve: t.boolean({
        required: true,
        description: 'Will resolve the discussion when true, and unresolve the discussion when false.',
      }),
    }),
  },
  {
    description: 'Toggles the resolved state of a discussion.',
    extensions: { ability: 'resolveNote' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const discussion = await ctx.services.notes.findDiscussion(ctx.actor, discussionIdOf(String(input.id)));
          if (!discussion) throw new NotFoundError();
          return { discussion: await ctx.services.notes.resolveDiscussion(ctx.actor, discussion, input.resolve) };
        },
        { discussion: null },
      ),
  },
  {
    outputFields: (t) => ({
      discussion: t.field({
        type: DiscussionRef,
        nullable: true,
        description: 'Discussion after mutation.',
        resolve: (p) => p.discussion,
      }),
      errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
    }),
  },
);
