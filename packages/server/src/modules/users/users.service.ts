import { isDateFormat, isFirstDayOfWeek, isTheme, isTimeZone, pathError } from '@milepost/shared';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../../auth/passwords.ts';
import { type Actor, canWrite } from '../../authz/actor.ts';
import { can, GLOBAL } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  isUniqueViolation,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../errors.ts';
import { currentApplicationSettings } from '../application-settings/application-settings.repository.ts';
import { FieldErrors, isEmail } from '../validation.ts';
import { usersRepository } from './users.repository.ts';

export const SIGNUP_DISABLED = 'Sign-up is disabled on this instance. Ask an administrator for an account.';

export type UserInput = {
  username?: unknown;
  name?: unknown;
  email?: unknown;
  password?: unknown;
  admin?: unknown;
};

/** What the signed-in user may change about themselves (GitLab's user preferences). */
export type PreferencesInput = {
  firstDayOfWeek?: unknown;
  issueNotesFilter?: unknown;
  epicNotesFilter?: unknown;
  notesSort?: unknown;
  textEditor?: unknown;
  /** 'light', 'dark' or 'system'. */
  theme?: unknown;
  /** An IANA time zone; null or '' for the browser's own. */
  timeZone?: unknown;
  /** 'mdy', 'dmy' or 'iso'. */
  dateFormat?: unknown;
};

/** GitLab's `UserPreference.text_editor_types`: which editor descriptions and comments open in. */
export const TEXT_EDITOR_TYPES = { not_set: 0, plain_text_editor: 1, rich_text_editor: 2 } as const;
export type TextEditorName = keyof typeof TEXT_EDITOR_TYPES;

/** A stored `text_editor_type` → its name (`not_set` for anything unknown). */
export function textEditorName(value: number): TextEditorName {
  const found = Object.entries(TEXT_EDITOR_TYPES).find(([, stored]) => stored === value);
  return (found?.[0] as TextEditorName | undefined) ?? 'not_set';
}

/** GitLab's `UserPreference::NOTES_FILTERS`: all activity, comments only, history only. */
export const NOTES_FILTERS = { all_notes: 0, only_comments: 1, only_activity: 2 } as const;
export type NotesFilterValue = (typeof NOTES_FILTERS)[keyof typeof NOTES_FILTERS];
const isNotesFilterValue = (value: unknown): value is NotesFilterValue => value === 0 || value === 1 || value === 2;

export function usersService(db: Db) {
  const repo = usersRepository(db);

  return {
    async find(actor: Actor, id: number): Promise<UserRow | undefined> {
      const user = await repo.findById(id);
      return user && (await can(db, actor, 'readUser', { type: 'User', user })) ? user : undefined;
    },

    async get(actor: Actor, id: number): Promise<UserRow> {
      const user = await this.find(actor, id);
      if (!user) throw new NotFoundError('User Not Found');
      return user;
    },

    async list(
      actor: Actor,
      opts: { search?: string; username?: string; limit: number; offset: number },
    ): Promise<{ rows: UserRow[]; total: number }> {
      const admin = await can(db, actor, 'readAdminArea', GLOBAL);
      return await repo.list({ ...opts, activeOnly: !admin });
    },

    /** Creates a user. Only administrators may, except for `system` (the first start and the demo loader). */
    async create(actor: Actor | 'system', input: UserInput): Promise<UserRow> {
      if (actor !== 'system' && !(await can(db, actor, 'adminUser', { type: 'User', user: actor.user as UserRow }))) {
        throw new ForbiddenError();
      }
      const errors = new FieldErrors();
      const username = errors.text('username', input.username);
      const name = errors.text('name', input.name);
      const email = errors.text('email', input.email);
      if (username) {
        const problem = pathError(username, false);
        if (problem) errors.add('username', problem);
      }
      if (email && !isEmail(email)) errors.add('email', 'is invalid');
      if (typeof input.password !== 'string' || input.password.length < MIN_PASSWORD_LENGTH) {
        errors.add('password', `is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`);
      } else if (input.password.length > 128) {
        errors.add('password', 'is too long (maximum is 128 characters)');
      }
      if (errors.any) throw new ValidationError(errors.fields);
      if (await repo.findByUsername(username)) throw new ConflictError('Username has already been taken');
      if (await repo.findByLogin(email)) throw new ConflictError('Email has already been taken');
      try {
        return await repo.insert({
          username,
          name,
          email,
          admin: input.admin === true,
          passwordHash: await hashPassword(input.password as string),
          avatarUrl: null,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_username_lower'))
          throw new ConflictError('Username has already been taken');
        if (isUniqueViolation(error, 'users_email_lower')) throw new ConflictError('Email has already been taken');
        throw error;
      }
    },

    /**
     * Sign-up (GitLab's registration): a visitor creates their own account, never an administrator,
     * while Admin › Settings allows sign-up; refused otherwise.
     */
    async register(input: Omit<UserInput, 'admin'>): Promise<UserRow> {
      if (!(await currentApplicationSettings(db)).signupEnabled) throw new AppError(403, SIGNUP_DISABLED);
      return await this.create('system', { ...input, admin: false });
    },

    /**
     * Changes the signed-in user's own preferences; only the ones given. The first day of the week
     * must be 0 (Sunday), 1 (Monday) or 6 (Saturday); the activity filters 0, 1 or 2 (GitLab's
     * `NOTES_FILTERS`); the activity sort `asc` or `desc`; the text editor `not_set`, `plain_text_editor` or `rich_text_editor`; the theme
     * `light`, `dark` or `system`; a time zone the runtime knows (null or '' for the browser's); the
     * date format `mdy`, `dmy` or `iso`. A numeric string counts (REST form
     * parameters). Nothing is saved unless every value given is valid.
     */
    async updatePreferences(actor: Actor, input: PreferencesInput): Promise<UserRow> {
      const user = actor.user;
      if (!user) throw new UnauthorizedError();
      if (!canWrite(actor)) throw new ForbiddenError('insufficient_scope');
      const given = (raw: unknown) => raw !== undefined && raw !== null && raw !== '';
      const number = (raw: unknown) =>
        typeof raw === 'string' && /^\d{1,2}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
      const errors = new FieldErrors();
      const changes: Partial<
        Pick<
          UserRow,
          | 'firstDayOfWeek'
          | 'issueNotesFilter'
          | 'epicNotesFilter'
          | 'notesSort'
          | 'textEditorType'
          | 'theme'
          | 'timeZone'
          | 'dateFormat'
        >
      > = {};
      if (given(input.firstDayOfWeek)) {
        const value = number(input.firstDayOfWeek);
        if (isFirstDayOfWeek(value)) changes.firstDayOfWeek = value;
        else errors.add('first_day_of_week', 'is not included in the list');
      }
      for (const [key, field] of [
        ['issueNotesFilter', 'issue_notes_filter'],
        ['epicNotesFilter', 'epic_notes_filter'],
      ] as const) {
        if (!given(input[key])) continue;
        const value = number(input[key]);
        if (isNotesFilterValue(value)) changes[key] = value;
        else errors.add(field, 'is not included in the list');
      }
      if (given(input.notesSort)) {
        const value = typeof input.notesSort === 'string' ? input.notesSort.trim().toLowerCase() : input.notesSort;
        if (value === 'asc' || value === 'desc') changes.notesSort = value;
        else errors.add('notes_sort', 'is not included in the list');
      }
      if (given(input.textEditor)) {
        const name = typeof input.textEditor === 'string' ? input.textEditor.trim().toLowerCase() : '';
        if (Object.hasOwn(TEXT_EDITOR_TYPES, name)) changes.textEditorType = TEXT_EDITOR_TYPES[name as TextEditorName];
        else errors.add('text_editor', 'is not included in the list');
      }
      if (given(input.theme)) {
        const value = typeof input.theme === 'string' ? input.theme.trim().toLowerCase() : input.theme;
        if (isTheme(value)) changes.theme = value;
        else errors.add('theme', 'is not included in the list');
      }
      if (input.timeZone !== undefined) {
        const value = typeof input.timeZone === 'string' ? input.timeZone.trim() : input.timeZone;
        if (value === null || value === '') changes.timeZone = null;
        else if (isTimeZone(value)) changes.timeZone = value;
        else errors.add('timezone', 'is not a known time zone');
      }
      if (given(input.dateFormat)) {
        const value = typeof input.dateFormat === 'string' ? input.dateFormat.trim().toLowerCase() : input.dateFormat;
        if (isDateFormat(value)) changes.dateFormat = value;
        else errors.add('date_format', 'is not included in the list');
      }
      if (errors.any) throw new ValidationError(errors.fields, 422);
      const changed = Object.entries(changes).filter(([key, value]) => user[key as keyof typeof changes] !== value);
      if (changed.length === 0) return user;
      return (await repo.update(user.id, Object.fromEntries(changed))) ?? user;
    },

    async count(): Promise<number> {
      return await repo.count();
    },
  };
}
