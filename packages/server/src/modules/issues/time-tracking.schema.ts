/**
 * GraphQL of issue time tracking with GitLab's names: `Issue.timeEstimate`, `totalTimeSpent`,
 * `humanTimeEstimate`, `humanTotalTimeSpent`, `timelogs`, the `Timelog` type and `timelogCreate`
 * (the estimate is set with `updateIssue(input: {timeEstimate})`).
 */
import { humanDuration } from '@milepost/shared';
import DataLoader from 'dataloader';
import type { TimelogRow } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { countedConnection } from '../../graphql/connections.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fromGlobalId, toGlobalId } from '../../graphql/global-id.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { IssueRef } from '../../graphql/refs.ts';
import { UserCoreRef } from '../users/users.schema.ts';
import { EpicIssueRef } from './epic-issues.schema.ts';
import type { IssueNode } from './issues.types.ts';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type TimelogNode = { timelog: TimelogRow; issue: IssueNode };

const spentLoaders = new WeakMap<GraphQLContext, DataLoader<IssueNode, number, number>>();

/** Seconds spent per issue, one query per request for a whole page. */
export function totalSpent(ctx: GraphQLContext, node: IssueNode): Promise<number> {
  let loader = spentLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader<IssueNode, number, number>(
      async (nodes) => {
        const stats = await ctx.services.timeTracking.stats(nodes);
        return nodes.map((n) => stats.get(n.issue.id)?.totalTimeSpent ?? 0);
      },
      { cacheKeyFn: (n) => n.issue.id },
    );
    spentLoaders.set(ctx, loader);
  }
  return loader.load(node);
}

export const TimelogRef = builder.objectRef<TimelogNode>('Timelog');
TimelogRef.implement({
  description: 'Time logged on an issue: time spent (positive) or subtracted (negative).',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the timelog.', resolve: (l) => toGlobalId('Timelog', l.timelog.id) }),
    timeSpent: t.int({ description: 'Time spent, in seconds.', resolve: (l) => l.timelog.timeSpent }),
    spentAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the time tracked was spent at.',
      resolve: (l) => l.timelog.spentAt,
    }),
    summary: t.string({
      nullable: true,
      description: 'Summary of how the time was spent.',
      resolve: (l) => l.timelog.summary,
    }),
    user: t.field({
      type: UserCoreRef,
      nullable: true,
      description: 'User that logged the time.',
      resolve: (l) => l.timelog.userId,
    }),
    issue: t.field({
      type: IssueRef,
      nullable: true,
      description: 'Issue that logged time was added to.',
      resolve: (l) => l.issue,
    }),
  }),
});

export const TimelogConnection = countedConnection(TimelogRef, 'Timelog');

/** The time tracking fields of an issue (also the work item's TIME_TRACKING widget). */
export function timeTrackingFields<T extends IssueNode>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) {
  return {
    timeEstimate: t.int({
      description: 'Time estimate of the issue, in seconds (0 when none).',
      resolve: (i) => i.issue.timeEstimate,
    }),
    humanTimeEstimate: t.string({
      nullable: true,
      description: 'Human-readable time estimate of the issue (`1w 2d 3h`).',
      resolve: (i) => humanDuration(i.issue.timeEstimate),
    }),
    totalTimeSpent: t.int({
      description: 'Total time (in seconds) reported as spent on the issue.',
      resolve: (i, _a, ctx) => totalSpent(ctx, i),
    }),
    humanTotalTimeSpent: t.string({
      nullable: true,
      description: 'Human-readable total time reported as spent on the issue.',
      resolve: async (i, _a, ctx) => humanDuration(await totalSpent(ctx, i)),
    }),
    timelogs: t.field({
      type: TimelogConnection,
      description: 'Timelogs on the issue, oldest first.',
      args: {
        first: t.arg.int({ description: 'Returns the first _n_ elements from the list.' }),
        after: t.arg.string({ description: 'Returns the elements in the list that come after the specified cursor.' }),
      },
      resolve: (i, args, ctx) =>
        offsetConnection<TimelogNode>(args, async (page) => {
          const { rows, total } = await ctx.services.timeTracking.timelogs(i, page);
          return { rows: rows.map((timelog) => ({ timelog, issue: i })), total };
        }),
    }),
  };
}

builder.objectFields(IssueRef, (t) => timeTrackingFields(t));
builder.objectFields(EpicIssueRef, (t) => timeTrackingFields(t));

async function issueByGlobalId(ctx: GraphQLContext, gid: string | number): Promise<IssueNode> {
  const node = await ctx.services.issues.findById(ctx.actor, fromGlobalId(String(gid), 'Issue'));
  if (!node) throw new NotFoundError();
  return node;
}

builder.relayMutationField(
  'timelogCreate',
  {
    inputFields: (t) => ({
      issuableId: t.id({ required: true, description: 'Global ID of the issuable (issue) to log time on.' }),
      timeSpent: t.string({ required: true, description: 'Amount of time spent (`1h 30m`; a leading `-` subtracts).' }),
      spentAt: t.field({
        type: 'Time',
        required: false,
        description: 'Timestamp of when the time was spent. If empty, defaults to current time.',
      }),
      summary: t.string({ required: true, description: 'Summary of time spent.' }),
    }),
  },
  {
    description: 'Logs time spent on an issue (Reporter+).',
    extensions: { ability: 'adminIssue' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const issue = await issueByGlobalId(ctx, input.issuableId);
          const spentAt = input.spentAt ? new Date(input.spentAt as Date | string) : null;
          const timelog = await ctx.services.timeTracking.addSpent(ctx.actor, issue, {
            duration: input.timeSpent,
            summary: input.summary,
            spentAt,
          });
          return { timelog: { timelog, issue } };
        },
        { timelog: null },
      ),
  },
  mutationPayload({ timelog: { type: TimelogRef, description: 'Timelog.' } }),
);
