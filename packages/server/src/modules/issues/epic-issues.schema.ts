/** `EpicIssue` (an issue as a child of an epic), `Epic.issues` and the `epicAddIssue` mutation. */

import { NotFoundError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { countedConnection } from '../../graphql/connections.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { EpicRef } from '../../graphql/refs.ts';
import { issueFields } from './issue-fields.schema.ts';
import { issueLoaders } from './issues.loaders.ts';
import type { EpicIssueNode } from './issues.types.ts';

export const EpicIssueRef = builder.objectRef<EpicIssueNode>('EpicIssue');

/** The UI path of the epic ↔ issue relation (DELETE removes the issue from the epic). */
export async function epicIssueRelationPath(ctx: GraphQLContext, node: EpicIssueNode): Promise<string | null> {
  const epic = await issueLoaders(ctx).epic.load(node.epicIssue.epicId);
  return epic ? `/groups/${epic.group.fullPath}/-/epics/${epic.epic.iid}/issues/${node.epicIssue.id}` : null;
}

EpicIssueRef.implement({
  description: 'Relationship between an epic and an issue: every Issue field plus the relation.',
  fields: (t) => ({
    ...issueFields(t),
    id: t.id({
      nullable: true,
      description: 'Global ID of the epic-issue relation.',
      resolve: (n) => toGlobalId('Issue', n.issue.id),
    }),
    epicIssueId: t.id({
      description: 'ID of the epic-issue relation.',
      resolve: (n) => toGlobalId('EpicIssue', n.epicIssue.id),
    }),
    relationPath: t.string({
      nullable: true,
      description: 'URI path of the epic-issue relation.',
      resolve: (n, _a, ctx) => epicIssueRelationPath(ctx, n),
    }),
    relativePosition: t.int({
      nullable: true,
      description: 'Relative position of the issue in the epic tree.',
      resolve: (n) => n.epicIssue.relativePosition,
    }),
  }),
});

export const EpicIssueConnection = countedConnection(EpicIssueRef, 'EpicIssue');

builder.objectField(EpicRef, 'issues', (t) =>
  t.connection(
    {
      type: EpicIssueRef,
      description: 'A list of issues associated with the epic (only those you may read), by position.',
      resolve: (e, args, ctx) => {
        // Every row's `relationPath` names this epic: no statement to read it again.
        issueLoaders(ctx).epic.prime(e.epic.id, { epic: e.epic, group: e.group });
        return offsetConnection(args, (page) => ctx.services.issues.epicIssues.list(ctx.actor, e, page));
      },
    },
    EpicIssueConnection,
  ),
);

builder.relayMutationField(
  'epicAddIssue',
  {
    inputFields: (t) => ({
      groupPath: t.id({ required: true, description: 'Group the epic to mutate belongs to.' }),
      iid: t.id({ required: true, description: 'IID of the epic to mutate.' }),
      projectPath: t.id({ required: true, description: 'Full path of the project the issue belongs to.' }),
      issueIid: t.string({ required: true, description: 'IID of the issue to be added.' }),
    }),
  },
  {
    description: 'Adds an existing issue to an epic (moving it out of any other epic).',
    extensions: { ability: 'adminEpicRelation' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const group = await ctx.services.groups.get(ctx.actor, String(input.groupPath));
          const epic = await ctx.services.issues.epicIssues.getEpic(ctx.actor, group, Number(input.iid));
          const project = await ctx.services.projects.get(ctx.actor, String(input.projectPath));
          if (!/^\d{1,9}$/.test(input.issueIid)) throw new NotFoundError('Issue Not Found');
          const issue = await ctx.services.issues.get(ctx.actor, project, Number(input.issueIid));
          return { epicIssue: await ctx.services.issues.epicIssues.assign(ctx.actor, epic, issue) };
        },
        { epicIssue: null },
      ),
  },
  mutationPayload({ epicIssue: { type: EpicIssueRef, description: 'Epic-issue relationship.' } }),
);
