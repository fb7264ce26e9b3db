/**
 * Account data in GraphQL: the signed-in user's public email, bio and active sessions; whether
 * passwords are reset by email; and, for administrators, a user's private details.
 */
import { accessLocked } from '../../auth/lockout.ts';
import type { UserRow } from '../../db/schema.ts';
import { builder } from '../../graphql/builder.ts';
import { CurrentUserRef } from '../auth/auth.schema.ts';
import type { SessionRow } from './account.repository.ts';
import { UserCoreRef } from './users.schema.ts';

type ActiveSession = SessionRow & { current: boolean };

const ActiveSessionRef = builder.objectRef<ActiveSession>('ActiveSession').implement({
  description: 'A browser session of the signed-in user.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'ID of the session (used to revoke it).' }),
    ipAddress: t.exposeString('ip', { nullable: true, description: 'Address the session signed in from.' }),
    userAgent: t.exposeString('userAgent', { nullable: true, description: "The browser's user agent." }),
    createdAt: t.field({ type: 'Time', description: 'When the session signed in.', resolve: (s) => s.createdAt }),
    lastActivityAt: t.field({
      type: 'Time',
      description: 'When the session was last used.',
      resolve: (s) => s.lastSeenAt,
    }),
    current: t.exposeBoolean('current', { description: 'Whether this is the session of this request.' }),
  }),
});

builder.objectFields(CurrentUserRef, (t) => ({
  publicEmail: t.exposeString('publicEmail', { nullable: true, description: 'Public email of the user.' }),
  bio: t.exposeString('bio', { description: 'Bio of the user.' }),
  unconfirmedEmail: t.exposeString('unconfirmedEmail', {
    nullable: true,
    description: 'A new email waiting for the confirmation link sent to it; the email stays until then.',
  }),
  activeSessions: t.field({
    type: [ActiveSessionRef],
    description: "The user's live browser sessions, most recently used first.",
    resolve: async (_u, _a, ctx) => {
      const rows = await ctx.services.account.sessions(ctx.actor);
      const current = ctx.actor.sessionId;
      return rows.map((row) => ({ ...row, current: row.id === current }));
    },
  }),
}));

const UserAdminDetailsRef = builder.objectRef<UserRow>('UserAdminDetails').implement({
  description: "A user's private details, for administrators.",
  fields: (t) => ({
    email: t.exposeString('email', { description: 'Email address of the user.' }),
    publicEmail: t.exposeString('publicEmail', { nullable: true, description: 'Public email of the user.' }),
    admin: t.exposeBoolean('admin', { description: 'Whether the user is an administrator.' }),
    projectsLimit: t.exposeInt('projectsLimit', { description: 'How many projects the user may create.' }),
    userType: t.exposeString('userType', { description: "'human', or 'ghost' for the Ghost User." }),
    locked: t.boolean({
      description: 'Whether failed sign-ins locked the account for now.',
      resolve: (u) => accessLocked(u),
    }),
    lastSignInAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'When the user last signed in.',
      resolve: (u) => u.lastSignInAt,
    }),
  }),
});

builder.objectFields(UserCoreRef, (t) => ({
  publicEmail: t.exposeString('publicEmail', {
    nullable: true,
    description: "The email the user chose to show on their profile (GitLab's `publicEmail`); null: none.",
  }),
  adminDetails: t.field({
    type: UserAdminDetailsRef,
    nullable: true,
    description: "The user's private details; null unless the viewer is an administrator.",
    resolve: (u, _a, ctx) => (ctx.actor.user?.admin && ctx.actor.user.state === 'active' ? u : null),
  }),
}));

/** Whether this server sends email (SMTP is set up), under two names. */
const SENDS_EMAIL_FIELDS = {
  sendsEmail:
    'Whether this server sends email (SMTP is set up): password reset links and the confirmation of a new email address.',
  passwordResetByEmail:
    "Whether 'Forgot your password?' sends a reset link by email (SMTP is set up); otherwise an administrator resets passwords.",
};
for (const [name, description] of Object.entries(SENDS_EMAIL_FIELDS)) {
  builder.queryField(name, (t) =>
    t.boolean({
      description,
      extensions: { public: true },
      resolve: (_root, _args, ctx) => ctx.services.account.passwordResetByEmail,
    }),
  );
}
