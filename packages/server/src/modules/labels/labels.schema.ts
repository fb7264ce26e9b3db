import { textColorFor } from '@milepost/shared';
import { GraphQLError } from 'graphql';
import { builder } from '../../graphql/builder.ts';
import { countedConnection } from '../../graphql/connections.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { type ConnectionArgs, offsetConnection } from '../../graphql/pagination.ts';
import { LabelRef } from '../../graphql/refs.ts';
import { renderMarkdown } from '../../markdown/render.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';
import type { GroupLabelsOptions, LabelContainer } from './labels.service.ts';

LabelRef.implement({
  description: 'A label of a group or project.',
  fields: (t) => ({
    id: t.id({
      description: 'Label ID (GroupLabel or ProjectLabel global id).',
      resolve: (l) => toGlobalId(l.groupId !== null ? 'GroupLabel' : 'ProjectLabel', l.id),
    }),
    title: t.exposeString('title', { description: 'Content of the label.' }),
    description: t.string({
      nullable: true,
      description: 'Description of the label (Markdown rendered as HTML for caching).',
      resolve: (l) => (l.description === '' ? null : l.description),
    }),
    descriptionHtml: t.string({
      nullable: true,
      description: 'GitLab Flavored Markdown rendering of `description`.',
      resolve: (l) => (l.description === '' ? null : renderMarkdown(l.description)),
    }),
    color: t.exposeString('color', { description: 'Background color of the label.' }),
    textColor: t.string({ description: 'Text color of the label.', resolve: (l) => textColorFor(l.color) }),
    createdAt: t.field({ type: 'Time', description: 'When the label was created.', resolve: (l) => l.createdAt }),
    updatedAt: t.field({ type: 'Time', description: 'When the label was last updated.', resolve: (l) => l.updatedAt }),
  }),
});

export const LabelConnection = countedConnection(LabelRef, 'Label');

export const LabelSearchFieldList = builder.enumType('LabelSearchFieldList', {
  description: 'List of fields where the provided searchTerm should be looked up.',
  values: {
    TITLE: { value: 'TITLE', description: 'Search in the title.' },
    DESCRIPTION: { value: 'DESCRIPTION', description: 'Search in the description.' },
  } as const,
});

/** Empty strings mean "no filter" (GitLab's front end sends `""` defaults). */
const blankToUndefined = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? undefined : v);

/** The arguments a group's and a project's `labels` share. */
const labelListArgs = () =>
  builder.args((t) => ({
    searchTerm: t.string({ required: false, description: 'Search term to find labels with.' }),
    searchIn: t.field({
      type: [LabelSearchFieldList],
      required: true,
      defaultValue: ['TITLE', 'DESCRIPTION'],
      description: 'Specify which fields to search in. Ignored if using `title`.',
    }),
    title: t.string({
      required: false,
      description: 'Exact match on title. Cannot be used with `searchTerm`.',
    }),
    includeAncestorGroups: t.boolean({
      required: false,
      defaultValue: false,
      description: 'Include labels from ancestor groups.',
    }),
  }));

/** Those arguments → the service's list options. */
function labelListOptions(args: {
  searchTerm?: string | null;
  searchIn: ('TITLE' | 'DESCRIPTION')[];
  title?: string | null;
  includeAncestorGroups?: boolean | null;
}) {
  return {
    search: blankToUndefined(args.searchTerm),
    searchIn: args.searchIn,
    title: blankToUndefined(args.title),
    includeAncestorGroups: args.includeAncestorGroups ?? false,
  };
}

/** A page of a group's or project's labels; `extra` holds the group-only options. */
function labelsPage(
  ctx: GraphQLContext,
  c: LabelContainer,
  args: ConnectionArgs & Parameters<typeof labelListOptions>[0],
  extra: Pick<GroupLabelsOptions, 'includeDescendantGroups' | 'onlyGroupLabels'> = {},
) {
  return offsetConnection(args, ({ limit, offset }) =>
    ctx.services.labels.listIn(ctx.actor, c, { ...labelListOptions(args), ...extra, limit, offset }),
  );
}

/** `label(title:)`: the container's label or one available to it from its groups, by exact title. */
async function labelByTitle(ctx: GraphQLContext, c: LabelContainer, title: string) {
  return (await ctx.services.labels.find(ctx.actor, c, title, { includeAncestors: true })) ?? null;
}

builder.objectFields(GroupRef, (t) => ({
  labels: t.connection(
    {
      type: LabelRef,
      description: 'Labels available on this group.',
      args: {
        ...labelListArgs(),
        includeDescendantGroups: t.arg.boolean({
          required: false,
          defaultValue: false,
          description: 'Include labels from descendant groups.',
        }),
        onlyGroupLabels: t.arg.boolean({
          required: false,
          defaultValue: false,
          description: 'Include only group level labels.',
        }),
      },
      resolve: (group, args, ctx) =>
        labelsPage(ctx, { type: 'Group', group }, args, {
          includeDescendantGroups: args.includeDescendantGroups ?? false,
          onlyGroupLabels: args.onlyGroupLabels ?? false,
        }),
    },
    LabelConnection,
  ),
  label: t.field({
    type: LabelRef,
    nullable: true,
    description: 'Label available on this group (its own or an ancestor group’s), by exact title.',
    args: { title: t.arg.string({ required: true, description: 'Title of the label.' }) },
    resolve: (group, args, ctx) => labelByTitle(ctx, { type: 'Group', group }, args.title),
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  labels: t.connection(
    {
      type: LabelRef,
      description: 'Labels available on this project: its own and its group’s.',
      args: labelListArgs(),
      resolve: (p, args, ctx) => labelsPage(ctx, { type: 'Project', ...p }, args),
    },
    LabelConnection,
  ),
  label: t.field({
    type: LabelRef,
    nullable: true,
    description: 'Label available on this project (its own or a group’s), by exact title.',
    args: { title: t.arg.string({ required: true, description: 'Title of the label.' }) },
    resolve: (p, args, ctx) => labelByTitle(ctx, { type: 'Project', ...p }, args.title),
  }),
}));

builder.relayMutationField(
  'labelCreate',
  {
    inputFields: (t) => ({
      title: t.string({ required: true, description: 'Title of the label.' }),
      description: t.string({ required: false, description: 'Description of the label.' }),
      color: t.string({
        required: false,
        defaultValue: '#6699cc',
        description:
          "The color of the label given in 6-digit hex notation with leading '#' sign (for example, `#FFAABB`) or one of the CSS color names.",
      }),
      groupPath: t.id({
        required: false,
        description: 'Full path of the group with which the resource is associated.',
      }),
      projectPath: t.id({
        required: false,
        description: 'Full path of the project with which the resource is associated.',
      }),
    }),
  },
  {
    description: 'Creates a label in a group or project.',
    extensions: { ability: 'adminLabel' },
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, ctx) => {
      const groupPath = blankToUndefined(input.groupPath === null ? null : String(input.groupPath ?? ''));
      const projectPath = blankToUndefined(input.projectPath === null ? null : String(input.projectPath ?? ''));
      if ((groupPath === undefined) === (projectPath === undefined)) {
        throw new GraphQLError('Exactly one of group_path or project_path arguments is required');
      }
      return await runMutation(
        async () => {
          const container = groupPath
            ? ({ type: 'Group', group: await ctx.services.groups.get(ctx.actor, groupPath) } as const)
            : ({ type: 'Project', ...(await ctx.services.projects.get(ctx.actor, projectPath as string)) } as const);
          return {
            label: await ctx.services.labels.create(ctx.actor, container, {
              title: input.title,
              color: input.color ?? '#6699cc',
              description: input.description ?? undefined,
            }),
          };
        },
        { label: null },
      );
    },
  },
  mutationPayload({ label: { type: LabelRef, description: 'Label after mutation.' } }),
);
