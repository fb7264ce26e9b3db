/** Award emoji: the AwardEmoji type, `awardEmoji` on Issue and Epic, and `awardEmojiToggle`. */
import { awardEmojiUnicode } from '@milepost/shared/domain/emoji';
import { GraphQLError } from 'graphql';
import { NotFoundError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { countedConnection } from '../../graphql/connections.ts';
import { runMutation } from '../../graphql/mutation.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { EpicRef, IssueRef } from '../../graphql/refs.ts';
import { issueLoaders } from '../issues/issues.loaders.ts';
import { UserCoreRef } from '../users/users.schema.ts';
import type { AwardableType, AwardRow } from './awards.repository.ts';

export const AwardEmojiRef = builder.objectRef<AwardRow>('AwardEmoji').implement({
  description: 'An emoji awarded by a user',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Emoji name.' }),
    description: t.string({ description: 'Emoji description.', resolve: (a) => a.name.replaceAll('_', ' ') }),
    emoji: t.string({ description: 'Emoji as an icon.', resolve: (a) => awardEmojiUnicode(a.name) ?? '' }),
    unicode: t.string({
      description: 'Emoji in Unicode (code points in hex).',
      resolve: (a) =>
        [...(awardEmojiUnicode(a.name) ?? '')]
          .map((c) => c.codePointAt(0)?.toString(16))
          .filter((c) => c !== 'fe0f')
          .join('-'),
    }),
    unicodeVersion: t.string({ description: 'Unicode version for this emoji.', resolve: () => '6.0' }),
    user: t.field({ type: UserCoreRef, description: 'User who awarded the emoji.', resolve: (a) => a.userId }),
  }),
});

export const AwardEmojiConnection = countedConnection(AwardEmojiRef, 'AwardEmoji');

function page(rows: AwardRow[], args: { first?: number | null; after?: string | null }) {
  return offsetConnection(args, async ({ limit, offset }) => ({
    rows: rows.slice(offset, offset + limit),
    total: rows.length,
  }));
}

builder.objectField(IssueRef, 'awardEmoji', (t) =>
  t.connection(
    {
      type: AwardEmojiRef,
      nullable: true,
      description: 'List of emoji reactions associated with the issue.',
      resolve: async (i, args, ctx) => page(await issueLoaders(ctx).issueAwards.load(i.issue.id), args),
    },
    AwardEmojiConnection,
  ),
);

builder.objectField(EpicRef, 'awardEmoji', (t) =>
  t.connection(
    {
      type: AwardEmojiRef,
      nullable: true,
      description: 'List of emoji reactions associated with the epic.',
      resolve: async (e, args, ctx) => page(await issueLoaders(ctx).epicAwards.load(e.epic.id), args),
    },
    AwardEmojiConnection,
  ),
);

/** `gid://gitlab/Issue/5`, `gid://gitlab/Epic/5` or `gid://gitlab/Note/5`. */
function awardableId(gid: string): { type: AwardableType; id: number } {
  const m = /^gid:\/\/gitlab\/(Issue|Epic|Note)\/(\d{1,15})$/.exec(gid);
  if (!m) throw new GraphQLError(`"${gid}" does not represent an instance of Awardable`);
  return { type: m[1] as AwardableType, id: Number(m[2]) };
}

builder.relayMutationField(
  'awardEmojiToggle',
  {
    inputFields: (t) => ({
      awardableId: t.id({
        required: true,
        description: 'Global ID of the awardable resource (an Issue, an Epic or a Note).',
      }),
      name: t.string({ required: true, description: 'Emoji name.' }),
    }),
  },
  {
    description: 'Toggles an emoji reaction of the current user on an issue or epic.',
    extensions: { ability: 'awardEmoji' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const { type, id } = awardableId(String(input.awardableId));
          const awardable = await ctx.services.awards.findAwardable(ctx.actor, type, id);
          if (!awardable) throw new NotFoundError();
          const { award, toggledOn } = await ctx.services.awards.toggle(ctx.actor, awardable, input.name);
          return { awardEmoji: toggledOn ? award : null, toggledOn };
        },
        { awardEmoji: null, toggledOn: null },
      ),
  },
  {
    outputFields: (t) => ({
      awardEmoji: t.field({
        type: AwardEmojiRef,
        nullable: true,
        description: 'Emoji reactions after mutation.',
        resolve: (p) => p.awardEmoji,
      }),
      toggledOn: t.boolean({
        description:
          'Indicates the status of the emoji. True if the toggle awarded the emoji, and false if the toggle removed the emoji.',
        resolve: (p) => p.toggledOn ?? false,
      }),
      errors: t.stringList({
        description: 'Errors encountered during execution of the mutation.',
        resolve: (p) => p.errors,
      }),
    }),
  },
);
