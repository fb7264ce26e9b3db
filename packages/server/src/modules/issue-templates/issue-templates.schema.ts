/**
 * Description templates in GraphQL: `Project.issueTemplates` / `Group.issueTemplates` (the
 * container's own, for its settings) and `issueTemplateCreate`, `issueTemplateUpdate`,
 * `issueTemplateDestroy` (Maintainers). The issue form reads the templates it may use through
 * GitLab's REST `GET /projects/:id/templates/issues`.
 */
import { GraphQLError } from 'graphql';
import type { IssueTemplateRow } from '../../db/schema.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import type { Container } from '../containers/container.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';

const IssueTemplateRef = builder.objectRef<IssueTemplateRow>('IssueTemplate');
IssueTemplateRef.implement({
  description: 'A description template for issues, kept by a project or a group.',
  fields: (t) => ({
    id: t.id({ description: 'ID of the template.', resolve: (r) => toGlobalId('IssueTemplate', r.id) }),
    name: t.string({ description: 'Name of the template (unique in its project or group).', resolve: (r) => r.name }),
    content: t.string({ description: 'Markdown the template puts into the description.', resolve: (r) => r.content }),
    updatedAt: t.field({
      type: 'Time',
      description: 'Timestamp of when the template was last changed.',
      resolve: (r) => r.updatedAt,
    }),
  }),
});

builder.objectField(ProjectRef, 'issueTemplates', (t) =>
  t.field({
    type: [IssueTemplateRef],
    description: "The project's own issue description templates, by name (its groups' are inherited too).",
    resolve: (p, _a, ctx) => ctx.services.issueTemplates.listOwn(ctx.actor, { type: 'Project', ...p }),
  }),
);

builder.objectField(GroupRef, 'issueTemplates', (t) =>
  t.field({
    type: [IssueTemplateRef],
    description:
      "The group's own issue description templates, by name (its projects and subgroups' projects use them).",
    resolve: (group, _a, ctx) => ctx.services.issueTemplates.listOwn(ctx.actor, { type: 'Group', group }),
  }),
);

type ContainerInput = { groupPath?: string | number | null; projectPath?: string | number | null };

/** The group or project named by exactly one of `groupPath` / `projectPath` (hidden == missing). */
async function containerOf(ctx: GraphQLContext, input: ContainerInput): Promise<Container> {
  const groupPath = input.groupPath ? String(input.groupPath) : undefined;
  const projectPath = input.projectPath ? String(input.projectPath) : undefined;
  if ((groupPath === undefined) === (projectPath === undefined)) {
    throw new GraphQLError('Exactly one of group_path or project_path arguments is required');
  }
  return groupPath
    ? { type: 'Group', group: await ctx.services.groups.get(ctx.actor, groupPath) }
    : { type: 'Project', ...(await ctx.services.projects.get(ctx.actor, projectPath as string)) };
}

const PAYLOAD = mutationPayload({
  issueTemplate: { type: IssueTemplateRef, description: 'Template after mutation.' },
});

builder.relayMutationField(
  'issueTemplateCreate',
  {
    inputFields: (t) => ({
      groupPath: t.id({ required: false, description: 'Full path of the group that keeps the template.' }),
      projectPath: t.id({ required: false, description: 'Full path of the project that keeps the template.' }),
      name: t.string({ required: true, description: 'Name of the template.' }),
      content: t.string({ required: true, description: 'Markdown of the template.' }),
    }),
  },
  {
    description: 'Creates an issue description template in a group or project.',
    extensions: { ability: 'adminIssueTemplate' },
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, ctx) => {
      return await runMutation(
        async () => ({
          issueTemplate: await ctx.services.issueTemplates.create(ctx.actor, await containerOf(ctx, input), input),
        }),
        { issueTemplate: null },
      );
    },
  },
  PAYLOAD,
);

builder.relayMutationField(
  'issueTemplateUpdate',
  {
    inputFields: (t) => ({
      groupPath: t.id({ required: false, description: 'Full path of the group that keeps the template.' }),
      projectPath: t.id({ required: false, description: 'Full path of the project that keeps the template.' }),
      name: t.string({ required: true, description: 'Current name of the template.' }),
      newName: t.string({ required: false, description: 'New name of the template.' }),
      content: t.string({ required: false, description: 'New markdown of the template.' }),
    }),
  },
  {
    description: 'Renames or rewrites an issue description template of a group or project.',
    extensions: { ability: 'adminIssueTemplate' },
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, ctx) => {
      return await runMutation(
        async () => ({
          issueTemplate: await ctx.services.issueTemplates.update(
            ctx.actor,
            await containerOf(ctx, input),
            input.name,
            {
              name: input.newName ?? undefined,
              content: input.content ?? undefined,
            },
          ),
        }),
        { issueTemplate: null },
      );
    },
  },
  PAYLOAD,
);

builder.relayMutationField(
  'issueTemplateDestroy',
  {
    inputFields: (t) => ({
      groupPath: t.id({ required: false, description: 'Full path of the group that keeps the template.' }),
      projectPath: t.id({ required: false, description: 'Full path of the project that keeps the template.' }),
      name: t.string({ required: true, description: 'Name of the template.' }),
    }),
  },
  {
    description: 'Deletes an issue description template of a group or project.',
    extensions: { ability: 'adminIssueTemplate' },
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, ctx) => {
      return await runMutation(
        async () => {
          await ctx.services.issueTemplates.remove(ctx.actor, await containerOf(ctx, input), input.name);
          return { issueTemplate: null };
        },
        { issueTemplate: null },
      );
    },
  },
  PAYLOAD,
);
