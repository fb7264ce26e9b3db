/** `Query.frecentProjects` / `Query.frecentGroups`: the user's most frequently visited ones (GitLab's names). */
import { builder } from '../../graphql/builder.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';

builder.queryFields((t) => ({
  frecentProjects: t.field({
    type: [ProjectRef],
    nullable: true,
    description:
      "A user's frequently visited projects they can read, most frequent first. Requires the current user to be authenticated. Returns a maximum of 5 projects.",
    extensions: { ability: 'self' },
    resolve: (_root, _args, ctx) => ctx.services.frequentItems.projects(ctx.actor),
  }),
  frecentGroups: t.field({
    type: [GroupRef],
    nullable: true,
    description:
      "A user's frequently visited groups they can read, most frequent first. Requires the current user to be authenticated. Returns a maximum of 5 groups.",
    extensions: { ability: 'self' },
    resolve: (_root, _args, ctx) => ctx.services.frequentItems.groups(ctx.actor),
  }),
}));
