/** Abuse reports in GraphQL: the `AbuseReport` type and the administrators' `abuseReports` list. */
import { ABUSE_CATEGORIES, ABUSE_CATEGORY_LABELS } from '@milepost/shared/domain/abuse-report';
import { GraphQLError } from 'graphql';
import type { AbuseReportRow } from '../../db/schema.ts';
import { AppError, ForbiddenError, NOT_FOUND_MESSAGE, UnauthorizedError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { countedConnection } from '../../graphql/connections.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { EpicRef, IssueRef } from '../../graphql/refs.ts';
import { NoteRef } from '../notes/notes.schema.ts';
import { UserCoreRef } from '../users/users.schema.ts';
import type { ReportedContent } from './reported-content.service.ts';

export const AbuseReportCategoryEnum = builder.enumType('AbuseReportCategory', {
  description: 'Reason a user was reported for abuse.',
  values: Object.fromEntries(
    ABUSE_CATEGORIES.map((c) => [c.toUpperCase(), { value: c, description: ABUSE_CATEGORY_LABELS[c] }]),
  ) as { [K in Uppercase<(typeof ABUSE_CATEGORIES)[number]>]: { value: Lowercase<K>; description: string } },
});

export const AbuseReportStatusEnum = builder.enumType('AbuseReportStatus', {
  description: 'Status of an abuse report.',
  values: {
    OPEN: { value: 'open', description: 'Waiting for an administrator.' },
    CLOSED: { value: 'closed', description: 'Resolved by an administrator.' },
  } as const,
});

const AbuseReportContentRef = builder.objectRef<ReportedContent>('AbuseReportContent').implement({
  description:
    'What a user was reported for: the issue or epic of the page the report came from, and the comment when it named one.',
  fields: (t) => ({
    issue: t.field({ type: IssueRef, nullable: true, description: 'Reported issue.', resolve: (c) => c.issue }),
    epic: t.field({ type: EpicRef, nullable: true, description: 'Reported epic.', resolve: (c) => c.epic }),
    note: t.field({
      type: NoteRef,
      nullable: true,
      description: 'Reported comment, when the report came from a link to one (`#note_<id>`).',
      resolve: (c) => c.note,
    }),
  }),
});

export const AbuseReportRef = builder.objectRef<AbuseReportRow>('AbuseReport').implement({
  description: 'A report of a user to the administrators.',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the abuse report.', resolve: (r) => toGlobalId('AbuseReport', r.id) }),
    category: t.field({
      type: AbuseReportCategoryEnum,
      description: 'Reason for the report.',
      resolve: (r) => r.category,
    }),
    status: t.field({ type: AbuseReportStatusEnum, description: 'Status of the report.', resolve: (r) => r.status }),
    message: t.exposeString('message', { description: 'What the reporter wrote.' }),
    reportedFromUrl: t.string({
      nullable: true,
      description: 'URL of the page the user was reported from.',
      resolve: (r) => r.reportedFromUrl || null,
    }),
    linksToSpam: t.exposeStringList('linksToSpam', { description: 'Links the reporter added as evidence.' }),
    createdAt: t.expose('createdAt', { type: 'Time', description: 'Timestamp of when the report was created.' }),
    user: t.field({ type: UserCoreRef, description: 'Reported user.', resolve: (r) => r.userId }),
    reporter: t.field({ type: UserCoreRef, description: 'User who made the report.', resolve: (r) => r.reporterId }),
    reportedContent: t.field({
      type: AbuseReportContentRef,
      nullable: true,
      description:
        'The issue, epic or comment on the page the report came from, as it is now; null for other pages or when it was deleted.',
      resolve: (r, _args, ctx) => ctx.services.reportedContent.of(ctx.actor, r),
    }),
  }),
});

export const AbuseReportConnection = countedConnection(AbuseReportRef, 'AbuseReport');

builder.queryFields((t) => ({
  abuseReports: t.connection(
    {
      type: AbuseReportRef,
      nullable: true,
      description: 'Abuse reports, newest first. Administrators only.',
      extensions: { ability: 'readAbuseReport' },
      args: {
        status: t.arg({ type: AbuseReportStatusEnum, required: false, description: 'Filter by status.' }),
        category: t.arg({ type: AbuseReportCategoryEnum, required: false, description: 'Filter by category.' }),
      },
      resolve: async (_root, args, ctx) => {
        try {
          return await offsetConnection(args, ({ limit, offset }) =>
            ctx.services.abuseReports.list(
              ctx.actor,
              { status: args.status ?? undefined, category: args.category ?? undefined },
              { limit, offset },
            ),
          );
        } catch (error) {
          if (error instanceof ForbiddenError || error instanceof UnauthorizedError) {
            throw new GraphQLError(NOT_FOUND_MESSAGE);
          }
          throw error;
        }
      },
    },
    AbuseReportConnection,
  ),
}));

builder.queryField('abuseReport', (t) =>
  t.field({
    type: AbuseReportRef,
    nullable: true,
    description: 'Find an abuse report by global ID. Administrators only.',
    extensions: { ability: 'readAbuseReport' },
    args: { id: t.arg.id({ required: true, description: 'Global ID of the abuse report.' }) },
    resolve: async (_root, args, ctx) => {
      const m = /^gid:\/\/gitlab\/AbuseReport\/(\d{1,15})$/.exec(String(args.id));
      try {
        return m ? await ctx.services.abuseReports.get(ctx.actor, Number(m[1])) : null;
      } catch (error) {
        if (error instanceof ForbiddenError || error instanceof UnauthorizedError) {
          throw new GraphQLError(NOT_FOUND_MESSAGE);
        }
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    },
  }),
);
