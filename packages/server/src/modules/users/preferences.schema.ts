/**
 * The signed-in user's preferences: `CurrentUser.firstDayOfWeek` (only ever the user's own: the
 * `CurrentUser` type is returned for the actor alone) and GitLab's `userPreferencesUpdate` mutation.
 */
import type { UserRow } from '../../db/schema.ts';
import { builder } from '../../graphql/builder.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { CurrentUserRef } from '../auth/auth.schema.ts';
import { NotesFilterEnum, SortDirectionEnum } from '../notes/notes.schema.ts';
import { NOTES_FILTERS, type NotesFilterValue, textEditorName } from './users.service.ts';

const FIRST_DAY_DESCRIPTION = 'First day of the week in calendars and the roadmap: 0 Sunday, 1 Monday, 6 Saturday.';

builder.objectField(CurrentUserRef, 'firstDayOfWeek', (t) =>
  t.exposeInt('firstDayOfWeek', { description: FIRST_DAY_DESCRIPTION }),
);

const FILTER_NAMES = Object.fromEntries(Object.entries(NOTES_FILTERS).map(([name, value]) => [value, name])) as Record<
  NotesFilterValue,
  keyof typeof NOTES_FILTERS
>;
const filterName = (value: number) => FILTER_NAMES[value as NotesFilterValue] ?? 'all_notes';
const filterValue = (name: string | null | undefined) =>
  name == null ? undefined : NOTES_FILTERS[name as keyof typeof NOTES_FILTERS];

/** A preference's GraphQL enum: each name with its stored value and what it means. */
function preferenceEnum<const V extends Record<string, readonly [value: string, description: string]>>(
  name: string,
  description: string,
  values: V,
) {
  return builder.enumType(name, {
    description,
    values: Object.fromEntries(
      Object.entries(values).map(([key, [value, meaning]]) => [key, { value, description: meaning }]),
    ) as { [K in keyof V]: { value: V[K][0]; description: string } },
  });
}

const TextEditorEnum = preferenceEnum('TextEditorType', 'The editor descriptions and comments open in.', {
  NOT_SET: ['not_set', 'Not chosen: plain text until the user switches.'],
  PLAIN_TEXT_EDITOR: ['plain_text_editor', 'Plain text (markdown) editor.'],
  RICH_TEXT_EDITOR: ['rich_text_editor', 'Rich text editor.'],
});

const ThemeEnum = preferenceEnum('ThemePreference', 'The color theme of the web app.', {
  LIGHT: ['light', 'Light theme.'],
  DARK: ['dark', 'Dark theme.'],
  SYSTEM: ['system', "The operating system's choice (light or dark)."],
});

const DateFormatEnum = preferenceEnum('DateFormatPreference', 'How dates are written on screen.', {
  MDY: ['mdy', "Month, day, year: 'Nov 22, 2025'."],
  DMY: ['dmy', "Day, month, year: '22 Nov 2025'."],
  ISO: ['iso', "ISO 8601: '2025-11-22'."],
});

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The activity preferences, on `CurrentUser` and `UserPreferences` alike. */
const activityFields = (t: PothosSchemaTypes.ObjectFieldBuilder<Types, UserRow>) => ({
  issueNotesFilter: t.field({
    type: NotesFilterEnum,
    description: "The activity filter on issue pages (GitLab's `issue_notes_filter`).",
    resolve: (user) => filterName(user.issueNotesFilter),
  }),
  epicNotesFilter: t.field({
    type: NotesFilterEnum,
    description: 'The activity filter on epic pages.',
    resolve: (user) => filterName(user.epicNotesFilter),
  }),
  notesSort: t.field({
    type: SortDirectionEnum,
    description: 'The order of the activity on issue and epic pages: ASC oldest first, DESC newest first.',
    resolve: (user) => user.notesSort,
  }),
  textEditor: t.field({
    type: TextEditorEnum,
    description: "The default text editor of descriptions and comments (GitLab's `text_editor_type`).",
    resolve: (user) => textEditorName(user.textEditorType),
  }),
  theme: t.field({ type: ThemeEnum, description: 'The color theme of the web app.', resolve: (user) => user.theme }),
  timezone: t.string({
    nullable: true,
    description: "The time zone dates are shown in (an IANA name); null: the browser's own.",
    resolve: (user) => user.timeZone,
  }),
  dateFormat: t.field({
    type: DateFormatEnum,
    description: 'How dates are written on screen.',
    resolve: (user) => user.dateFormat,
  }),
});

builder.objectFields(CurrentUserRef, activityFields);

export const UserPreferencesRef = builder.objectRef<UserRow>('UserPreferences').implement({
  description: 'Preferences of the signed-in user.',
  fields: (t) => ({
    firstDayOfWeek: t.exposeInt('firstDayOfWeek', { description: FIRST_DAY_DESCRIPTION }),
    ...activityFields(t),
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
      issueNotesFilter: t.field({
        type: NotesFilterEnum,
        required: false,
        description: 'The activity filter on issue pages.',
      }),
      epicNotesFilter: t.field({
        type: NotesFilterEnum,
        required: false,
        description: 'The activity filter on epic pages.',
      }),
      notesSort: t.field({
        type: SortDirectionEnum,
        required: false,
        description: 'The order of the activity on issue and epic pages.',
      }),
      textEditor: t.field({
        type: TextEditorEnum,
        required: false,
        description: 'The default text editor of descriptions and comments.',
      }),
      theme: t.field({ type: ThemeEnum, required: false, description: 'The color theme of the web app.' }),
      timezone: t.string({
        required: false,
        description: "An IANA time zone name ('Europe/Berlin'); an empty string for the browser's own.",
      }),
      dateFormat: t.field({ type: DateFormatEnum, required: false, description: 'How dates are written on screen.' }),
    }),
  },
  {
    description: "Updates the signed-in user's preferences.",
    extensions: { ability: 'self' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const user = await ctx.services.users.updatePreferences(ctx.actor, {
            firstDayOfWeek: input.firstDayOfWeek,
            issueNotesFilter: filterValue(input.issueNotesFilter),
            epicNotesFilter: filterValue(input.epicNotesFilter),
            notesSort: input.notesSort,
            textEditor: input.textEditor,
            theme: input.theme,
            timeZone: input.timezone,
            dateFormat: input.dateFormat,
          });
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
