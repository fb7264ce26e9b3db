/**
 * What the issue sidebar needs beyond the Issue fields: `hasEpic` (an epic the viewer may not see
 * still counts, so the sidebar can say 'You don't have permission to view this epic') and GitLab's
 * `issueSetSubscription` (the notifications switch).
 */
import { builder } from '../../graphql/builder.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { IssueRef } from '../../graphql/refs.ts';
import { EpicIssueRef } from './epic-issues.schema.ts';
import { findIssue } from './issue-mutations.schema.ts';
import { issueLoaders } from './issues.loaders.ts';

for (const ref of [IssueRef, EpicIssueRef] as const) {
  builder.objectField(ref, 'hasEpic', (t) =>
    t.boolean({
      description:
        'Indicates if the issue belongs to an epic. Can return true and not show an associated epic when the user has no access to the epic.',
      resolve: async (i, _a, ctx) => (await issueLoaders(ctx).epicRelation.load(i.issue.id)) !== null,
    }),
  );
}

builder.relayMutationField(
  'issueSetSubscription',
  {
    inputFields: (t) => ({
      projectPath: t.id({ required: true, description: 'Project the issue to mutate is in.' }),
      iid: t.string({ required: true, description: 'IID of the issue to mutate.' }),
      subscribedState: t.boolean({ required: true, description: 'Desired state of the subscription.' }),
    }),
  },
  {
    description: 'Subscribes the current user to an issue or unsubscribes them.',
    extensions: { ability: 'readIssue' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const issue = await findIssue(ctx, String(input.projectPath), input.iid);
          await ctx.services.issues.setSubscription(ctx.actor, issue, input.subscribedState);
          return { issue };
        },
        { issue: null },
      ),
  },
  mutationPayload({ issue: { type: IssueRef, description: 'Issue after mutation.' } }),
);
