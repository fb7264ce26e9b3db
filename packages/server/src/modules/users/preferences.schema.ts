/**
 * The signed-in user's preferences: `CurrentUser.firstDayOfWeek` (only ever the user's own: the
 * `CurrentUser` type is returned for the actor alone) and GitLab's `userPreferencesUpdate` mutation.
 */
import type { UserRow } from '../../db/schema.ts';
import { builder } from '../../graphql/builder.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { CurrentUserRef } from '../auth/auth.schema.ts';

const FIRST_DAY_DESCRIPTION = 'First day of the week in calendars and the roadmap: 0 Sunday, 1 Monday, 6 Saturday.';

builder.objectField(CurrentUserRef, 'firstDayOfWeek', (t) =>
  t.exposeInt('firstDayOfWeek', { description: FIRST_DAY_DESCRIPTION }),
);

export const UserPreferencesRef = builder.objectRef<UserRow>('UserPreferences').implement({
  description: 'Preferences of the signed-in user.',
  fields: (t) => ({
    firstDayOfWeek: t.exposeInt('firstDayOfWeek', { description: FIRST_DAY_DESCRIPTION }),
  }),
});

builder.relayMutationField(
  'userPreferencesUpdate',
  {
    inputFields: (t) => ({
      firstDayOfWeek: t.int({
        required: false,
        description: 'First day of the week: 0 Sunday, 1 Monday or 6 Saturday.',
      }),
    }),
  },
  {
    description: "Updates the signed-in user's preferences.",
    extensions: { ability: 'self' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const user = await ctx.services.users.updatePreferences(ctx.actor, { firstDayOfWeek: input.firstDayOfWeek });
          return { userPreferences: user, currentUser: user };
        },
        { userPreferences: null, currentUser: null },
      ),
  },
  mutationPayload({
    userPreferences: { type: UserPreferencesRef, description: 'The preferences after the update.' },
    currentUser: { type: CurrentUserRef, description: 'The signed-in user, with the preferences saved.' },
  }),
);
