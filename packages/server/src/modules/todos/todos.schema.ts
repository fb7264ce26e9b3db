/**
 * To-dos in GitLab's GraphQL shapes: the `Todo` type, `CurrentUser.todos` (filters, sort, count),
 * `Issue.currentUserTodos` / `Epic.currentUserTodos`, the `TodoableInterface` both implement, and
 * the mutations `todoCreate`, `todoMarkDone`, `todosMarkAllDone`, `todoRestore`, `todoRestoreMany`.
 */
import { GraphQLError } from 'graphql';
import type { TodoRow } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { countedConnection } from '../../graphql/connections.ts';
import type { GraphQLContext as Context } from '../../graphql/context.ts';
import { fromGlobalId, toGlobalId } from '../../graphql/global-id.ts';
import { ERRORS_DESCRIPTION, runMutation } from '../../graphql/mutation.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { EpicRef, IssueRef } from '../../graphql/refs.ts';
import { CurrentUserRef } from '../auth/auth.schema.ts';
import { epicWebPath } from '../epics/epics.schema.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import { issueWebPath } from '../issues/issues.entity.ts';
import { NoteRef } from '../notes/notes.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';
import { UserCoreRef } from '../users/users.schema.ts';
import type { TodoFilter } from './todos.service.ts';
import type { TodoNode, TodoTarget } from './todos.types.ts';

export const TodoActionEnum = builder.enumType('TodoActionEnum', {
  description: 'Action that made a to-do item.',
  values: {
    assigned: { value: 'assigned', description: 'User was assigned.' },
    mentioned: { value: 'mentioned', description: 'User was mentioned.' },
    marked: { value: 'marked', description: 'User added a to-do item.' },
    directly_addressed: { value: 'directly_addressed', description: 'User was directly addressed.' },
  } as const,
});

export const TodoStateEnum = builder.enumType('TodoStateEnum', {
  description: 'State of a to-do item.',
  values: {
    pending: { value: 'pending', description: 'State of the todo is pending.' },
    done: { value: 'done', description: 'State of the todo is done.' },
  } as const,
});

export const TodoTargetEnum = builder.enumType('TodoTargetEnum', {
  description: 'Type of the item a to-do item is about.',
  values: {
    ISSUE: { value: 'Issue', description: 'Issue.' },
    EPIC: { value: 'Epic', description: 'An Epic.' },
  } as const,
});

export const TodoSortEnum = builder.enumType('TodoSort', {
  description: 'Sort options for to-do items.',
  values: {
    CREATED_DESC: { value: 'created_desc', description: 'Created at descending order.' },
    CREATED_ASC: { value: 'created_asc', description: 'Created at ascending order.' },
    UPDATED_DESC: { value: 'updated_desc', description: 'Updated at descending order.' },
    UPDATED_ASC: { value: 'updated_asc', description: 'Updated at ascending order.' },
  } as const,
});

const webPathOf = (target: TodoTarget) =>
  target.type === 'Issue' ? issueWebPath(target.node) : epicWebPath(target.node);

/** Where a to-do leads: its target, at the comment when a comment made it. */
export function todoTargetPath(node: TodoNode): string {
  return `${webPathOf(node.target)}${node.todo.noteId === null ? '' : `#note_${node.todo.noteId}`}`;
}

export const TodoableRef = builder.interfaceRef<TodoTarget['node']>('TodoableInterface').implement({
  description: 'An object that can have to-do items.',
  resolveType: (node) => ('epic' in node ? 'Epic' : 'Issue'),
  fields: (t) => ({
    webUrl: t.string({
      nullable: true,
      description: 'URL of this object.',
      resolve: (node, _a, ctx) =>
        `${ctx.config.externalUrl}${webPathOf('epic' in node ? { type: 'Epic', node } : { type: 'Issue', node })}`,
    }),
  }),
});
IssueRef.addInterfaces([TodoableRef]);
EpicRef.addInterfaces([TodoableRef]);

export const TodoRef = builder.objectRef<TodoNode>('Todo').implement({
  description: 'Representing a to-do entry',
  fields: (t) => ({
    id: t.id({ description: 'ID of the to-do item.', resolve: (n) => toGlobalId('Todo', n.todo.id) }),
    action: t.field({ type: TodoActionEnum, description: 'Action of the to-do item.', resolve: (n) => n.todo.action }),
    author: t.field({
      type: UserCoreRef,
      nullable: true,
      description: 'Author of this to-do item.',
      resolve: (n) => n.todo.authorId,
    }),
    body: t.string({
      description: 'Body of the to-do item: the comment that made it, or the title of its target.',
      resolve: async (n, _a, ctx) => {
        if (n.todo.noteId !== null) {
          const note = await ctx.services.notes.findById(ctx.actor, n.todo.noteId);
          if (note) return note.note.note;
        }
        return n.target.type === 'Issue' ? n.target.node.issue.title : n.target.node.epic.title;
      },
    }),
    createdAt: t.field({
      type: 'Time',
      description: 'Timestamp this to-do item was created.',
      resolve: (n) => n.todo.createdAt,
    }),
    updatedAt: t.field({
      type: 'Time',
      description: 'Timestamp this to-do item was last changed (marked done or restored).',
      resolve: (n) => n.todo.updatedAt,
    }),
    state: t.field({ type: TodoStateEnum, description: 'State of the to-do item.', resolve: (n) => n.todo.state }),
    targetType: t.field({
      type: TodoTargetEnum,
      description: 'Target type of the to-do item.',
      resolve: (n) => n.target.type,
    }),
    target: t.field({
      type: TodoableRef,
      description: 'Target of the to-do item.',
      resolve: (n) => n.target.node,
    }),
    targetUrl: t.string({
      nullable: true,
      description: 'URL of the to-do item target.',
      resolve: (n, _a, ctx) => `${ctx.config.externalUrl}${todoTargetPath(n)}`,
    }),
    note: t.field({
      type: NoteRef,
      nullable: true,
      description: 'Note which created this to-do item.',
      resolve: async (n, _a, ctx) =>
        n.todo.noteId === null ? null : ((await ctx.services.notes.findById(ctx.actor, n.todo.noteId)) ?? null),
    }),
    project: t.field({
      type: ProjectRef,
      nullable: true,
      description: 'Project this to-do item is associated with.',
      resolve: (n) =>
        n.target.type === 'Issue' ? { project: n.target.node.project, group: n.target.node.group } : null,
    }),
    group: t.field({
      type: GroupRef,
      nullable: true,
      description: 'Group this to-do item is associated with.',
      resolve: (n) => (n.target.type === 'Epic' ? n.target.node.group : null),
    }),
  }),
});

export const TodoConnection = countedConnection(TodoRef, 'Todo');

/** To-do rows with their targets (rows whose target is gone are left out). */
async function nodesOf(ctx: Context, rows: readonly TodoRow[]): Promise<TodoNode[]> {
  const targets = await ctx.services.todos.targetsOf(rows);
  return rows.flatMap((todo) => {
    const target = targets.get(todo.id);
    return target ? [{ todo, target }] : [];
  });
}

/** `5` or `gid://gitlab/Project/5`: GitLab's filter ids take either. */
function idsOf(values: readonly (string | number)[] | null | undefined, type: string): number[] | undefined {
  if (!values?.length) return undefined;
  return values.map((v) => (/^\d{1,15}$/.test(String(v)) ? Number(v) : fromGlobalId(String(v), type)));
}

builder.objectField(CurrentUserRef, 'todos', (t) =>
  t.connection(
    {
      type: TodoRef,
      description: 'To-do items of the user (pending ones unless `state` says otherwise), newest first.',
      args: {
        action: t.arg({ type: [TodoActionEnum], required: false, description: 'Action to be filtered.' }),
        authorId: t.arg.idList({ required: false, description: 'ID of an author.' }),
        projectId: t.arg.idList({ required: false, description: 'ID of a project.' }),
        groupId: t.arg.idList({ required: false, description: 'ID of a group (and its subgroups).' }),
        state: t.arg({ type: [TodoStateEnum], required: false, description: 'State of the todo.' }),
        type: t.arg({ type: [TodoTargetEnum], required: false, description: 'Type of the todo.' }),
        sort: t.arg({ type: TodoSortEnum, required: false, description: 'Sort todos by given criteria.' }),
      },
      resolve: (_user, args, ctx) => {
        const filter: TodoFilter = {
          states: args.state?.length ? args.state : ['pending'],
          actions: args.action ?? undefined,
          authorIds: idsOf(args.authorId, 'User'),
          projectIds: idsOf(args.projectId, 'Project'),
          groupIds: idsOf(args.groupId, 'Group'),
          types: args.type ?? undefined,
          sort: args.sort ?? undefined,
        };
        return offsetConnection(args, async (page) => {
          const { rows, total } = await ctx.services.todos.page(ctx.actor, filter, page);
          return { rows: await nodesOf(ctx, rows), total };
        });
      },
    },
    TodoConnection,
  ),
);

for (const [ref, type] of [
  [IssueRef, 'Issue'],
  [EpicRef, 'Epic'],
] as const) {
  builder.objectField(ref, 'currentUserTodos', (t) =>
    t.connection(
      {
        type: TodoRef,
        description: `To-do items for the current user on this ${type.toLowerCase()}.`,
        args: { state: t.arg({ type: TodoStateEnum, required: false, description: 'State of the to-do items.' }) },
        resolve: async (parent, args, ctx) => {
          const node = parent as TodoTarget['node'];
          const target = ('epic' in node ? { type: 'Epic', node } : { type: 'Issue', node }) as TodoTarget;
          const id = target.type === 'Issue' ? target.node.issue.id : target.node.epic.id;
          const states = args.state ? [args.state] : (['pending', 'done'] as const);
          const rows = (await ctx.services.todos.ofTargets(ctx.actor, type, [id], states)).get(id) ?? [];
          const nodes = rows.map((todo) => ({ todo, target }));
          return offsetConnection(args, async ({ limit, offset }) => ({
            rows: nodes.slice(offset, offset + limit),
            total: nodes.length,
          }));
        },
      },
      TodoConnection,
    ),
  );
}

/** `gid://gitlab/Issue/5` or `gid://gitlab/Epic/5`, readable by the actor; anything else is missing. */
async function findTarget(ctx: Context, gid: string): Promise<TodoTarget> {
  const m = /^gid:\/\/gitlab\/(Issue|Epic)\/(\d{1,15})$/.exec(gid);
  if (!m) throw new GraphQLError(`"${gid}" does not represent an instance of Todoable`);
  const target = await ctx.services.todos.findTarget(ctx.actor, m[1] as 'Issue' | 'Epic', Number(m[2]));
  if (!target) throw new NotFoundError();
  return target;
}

async function oneNode(ctx: Context, row: TodoRow): Promise<TodoNode> {
  const [node] = await nodesOf(ctx, [row]);
  if (!node) throw new NotFoundError();
  return node;
}

function singleTodoMutation(
  name: 'todoCreate' | 'todoMarkDone' | 'todoRestore',
  description: string,
  input: 'targetId' | 'id',
  run: (ctx: Context, gid: string) => Promise<TodoRow>,
) {
  builder.relayMutationField(
    name,
    {
      inputFields: (t) => ({
        [input]: t.id({
          required: true,
          description:
            input === 'targetId'
              ? "Global ID of the to-do item's parent. Issues and epics are supported."
              : 'Global ID of the to-do item.',
        }),
      }),
    },
    {
      description,
      extensions: { ability: 'self' },
      authScopes: { signedIn: true },
      resolve: (_root, args, ctx) =>
        runMutation(
          async () => ({
            todo: await oneNode(ctx, await run(ctx, String((args.input as Record<string, unknown>)[input]))),
          }),
          { todo: null },
        ),
    },
    {
      outputFields: (t) => ({
        todo: t.field({
          type: TodoRef,
          nullable: true,
          description: name === 'todoCreate' ? 'To-do item created.' : 'Requested to-do item.',
          resolve: (p) => p.todo,
        }),
        errors: t.stringList({ description: ERRORS_DESCRIPTION, resolve: (p) => p.errors }),
      }),
    },
  );
}

singleTodoMutation(
  'todoCreate',
  'Creates a to-do item of the current user on an issue or an epic.',
  'targetId',
  async (ctx, gid) => {
    const { todo } = await ctx.services.todos.create(ctx.actor, await findTarget(ctx, gid));
    return todo;
  },
);
singleTodoMutation('todoMarkDone', 'Marks a to-do item of the current user as done.', 'id', (ctx, gid) =>
  ctx.services.todos.markDone(ctx.actor, fromGlobalId(gid, 'Todo')),
);
singleTodoMutation('todoRestore', 'Restores a to-do item of the current user to pending (undo).', 'id', (ctx, gid) =>
  ctx.services.todos.restore(ctx.actor, fromGlobalId(gid, 'Todo')),
);

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The payload of the mutations that change several to-dos: GitLab's `todos` and `errors`. */
function todosPayload(description: string) {
  return {
    outputFields: (t: PothosSchemaTypes.ObjectFieldBuilder<Types, { todos: TodoNode[] | null; errors: string[] }>) => ({
      todos: t.field({ type: [TodoRef], description, resolve: (p) => p.todos ?? [] }),
      errors: t.stringList({ description: ERRORS_DESCRIPTION, resolve: (p) => p.errors }),
    }),
  };
}

builder.relayMutationField(
  'todosMarkAllDone',
  {
    inputFields: (t) => ({
      targetId: t.id({
        required: false,
        description:
          "Global ID of the to-do item's parent. Issues and epics are supported. Without it, every pending to-do item.",
      }),
    }),
  },
  {
    description:
      'Marks all pending to-do items of the current user as done (on one issue or epic when `targetId` is given).',
    extensions: { ability: 'self' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const target = input.targetId == null ? undefined : await findTarget(ctx, String(input.targetId));
          return { todos: await nodesOf(ctx, await ctx.services.todos.markAllDone(ctx.actor, target)) };
        },
        { todos: null },
      ),
  },
  todosPayload('Updated to-do items.'),
);

builder.relayMutationField(
  'todoRestoreMany',
  {
    inputFields: (t) => ({
      ids: t.idList({ required: true, description: 'Global IDs of the to-do items to restore (at most 100).' }),
    }),
  },
  {
    description: 'Restores several done to-do items of the current user to pending (the undo of "Mark all as done").',
    extensions: { ability: 'self' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const ids = input.ids.map((gid) => fromGlobalId(String(gid), 'Todo'));
          return { todos: await nodesOf(ctx, await ctx.services.todos.restoreMany(ctx.actor, ids)) };
        },
        { todos: null },
      ),
  },
  todosPayload('Restored to-do items.'),
);
