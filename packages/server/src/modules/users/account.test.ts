/**
 * The account endpoints as the web app calls them (cookie session + CSRF): profile, password change
 * (other sessions end), active sessions with revoke, and 'Forgot your password?' with and without SMTP
 * (a tiny SMTP listener here stands in for the mail server).
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createBrowser } from '../../test/browser.ts';
import { TEST_PASSWORD } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  CONFIRM_EMAIL_DAYS,
  confirmationSentMessage,
  NO_SMTP_EMAIL_MESSAGE,
  NO_SMTP_MESSAGE,
  RESET_SENT_MESSAGE,
} from './account.service.ts';

const ME = '{ currentUser { name email unconfirmedEmail publicEmail bio activeSessions { id current userAgent } } }';
type Me = {
  data: {
    currentUser: {
      name: string;
      email: string;
      unconfirmedEmail: string | null;
      publicEmail: string | null;
      bio: string;
      activeSessions: { id: string; current: boolean; userAgent: string | null }[];
    } | null;
  };
};

/** Accepts mail on a local port and keeps each message's raw text. */
function smtpListener() {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return {
    messages,
    start: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('account pages without SMTP', () => {
  let t: TestApp;
  let dora: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    dora = await t.buildUser({ username: 'dora', name: 'Dora' });
    await t.buildUser({ username: 'taken' });
  });

  const me = async (b: ReturnType<typeof createBrowser>) => (await b.graphql(ME)).json<Me>().data.currentUser;

  it('updates name, bio and public email; an email change needs the current password and SMTP', async () => {
    const b = createBrowser(t);
    await b.signIn('dora', TEST_PASSWORD);
    const res = await b.request({
      method: 'PUT',
      url: '/-/profile',
      payload: { user: { name: 'Dora Explorer', bio: 'Maps.', public_email: 'dora@example.com' } },
      csrf: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(await me(b)).toMatchObject({ name: 'Dora Explorer', bio: 'Maps.', publicEmail: 'dora@example.com' });
    // Anyone sees the public email on the profile (and nobody the private one of a user without one).
    const profile = await t.graphql(
      '{ users(usernames: ["dora", "taken"]) { nodes { username publicEmail } } }',
      {},
      { as: null },
    );
    expect(profile.data).toEqual({
      users: {
        nodes: [
          { username: 'dora', publicEmail: 'dora@example.com' },
          { username: 'taken', publicEmail: null },
        ],
      },
    });

    const noPassword = await b.request({
      method: 'PUT',
      url: '/-/profile',
      payload: { email: 'd@example.org' },
      csrf: true,
    });
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json()).toEqual({ message: 'Current password is invalid' });

    // Without SMTP a new email could never be confirmed: the administrator changes it.
    const noSmtp = await b.request({
      method: 'PUT',
      url: '/-/profile',
      payload: { email: 'dora@example.org', current_password: TEST_PASSWORD },
      csrf: true,
    });
    expect(noSmtp.statusCode).toBe(422);
    expect(noSmtp.json()).toEqual({ message: NO_SMTP_EMAIL_MESSAGE });
    expect(await me(b)).toMatchObject({ email: 'dora@example.com', unconfirmedEmail: null });
    expect((await b.graphql('{ sendsEmail }')).json()).toEqual({ data: { sendsEmail: false } });
  });

  it('says what is wrong with a bad profile', async () => {
    const b = createBrowser(t);
    await b.signIn('dora', TEST_PASSWORD);
    const res = await b.request({
      method: 'PUT',
      url: '/-/profile',
      payload: { name: '  ', public_email: 'someone@else.com', bio: 'x'.repeat(256) },
      csrf: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message:
        "Name can't be blank, Public email must be your email address, Bio is too long (maximum is 255 characters)",
    });
    const noCsrf = await b.request({ method: 'PUT', url: '/-/profile', payload: { name: 'X' } });
    expect(noCsrf.statusCode).toBe(403);
    const anonymous = await createBrowser(t).request({ method: 'PUT', url: '/-/profile', payload: { name: 'X' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('changes the password with the current one, and ends every other session but this one', async () => {
    const user = await t.buildUser();
    const here = createBrowser(t);
    const elsewhere = createBrowser(t);
    await here.signIn(user.username, TEST_PASSWORD);
    await elsewhere.signIn(user.username, TEST_PASSWORD);
    const sessions = (await me(here))?.activeSessions ?? [];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const wrong = await here.request({
      method: 'PUT',
      url: '/-/profile/password',
      payload: { current_password: 'nope-nope', password: 'a-new-password', password_confirmation: 'a-new-password' },
      csrf: true,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'Current password is invalid' });

    const mismatch = await here.request({
      method: 'PUT',
      url: '/-/profile/password',
      payload: { current_password: TEST_PASSWORD, password: 'short', password_confirmation: 'other' },
      csrf: true,
    });
    expect(mismatch.json()).toEqual({ message: 'Password is too short (minimum is 8 characters)' });

    const res = await here.request({
      method: 'PUT',
      url: '/-/profile/password',
      payload: {
        user: { current_password: TEST_PASSWORD, password: 'a-new-password', password_confirmation: 'a-new-password' },
      },
      csrf: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await me(here)).not.toBeNull();
    expect(await me(elsewhere)).toBeNull();
    expect((await createBrowser(t).signIn(user.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await createBrowser(t).signIn(user.username, 'a-new-password')).statusCode).toBe(200);
  });

  it('lists sessions and revokes another one, never the current one', async () => {
    const user = await t.buildUser();
    const here = createBrowser(t);
    const there = createBrowser(t);
    await here.signIn(user.username, TEST_PASSWORD);
    await there.request({ method: 'GET', url: '/-/liveness', headers: { 'user-agent': 'Phone browser' } });
    await there.signIn(user.username, TEST_PASSWORD, { 'user-agent': 'Phone browser' });
    const sessions = (await me(here))?.activeSessions ?? [];
    const other = sessions.find((s) => !s.current);
    const current = sessions.find((s) => s.current);
    expect(other?.userAgent).toBe('Phone browser');

    const self = await here.request({ method: 'DELETE', url: `/-/profile/active_sessions/${current?.id}`, csrf: true });
    expect(self.statusCode).toBe(422);
    const res = await here.request({ method: 'DELETE', url: `/-/profile/active_sessions/${other?.id}`, csrf: true });
    expect(res.statusCode).toBe(204);
    expect(await me(there)).toBeNull();
    const again = await here.request({ method: 'DELETE', url: `/-/profile/active_sessions/${other?.id}`, csrf: true });
    expect(again.statusCode).toBe(404);
    // Someone else's session id is not found either.
    const stranger = createBrowser(t);
    await stranger.signIn('dora', TEST_PASSWORD);
    const theirs = await stranger.request({
      method: 'DELETE',
      url: `/-/profile/active_sessions/${current?.id}`,
      csrf: true,
    });
    expect(theirs.statusCode).toBe(404);
    expect(await me(here)).not.toBeNull();
  });

  it("without SMTP, 'Forgot your password?' says the administrator resets passwords", async () => {
    const b = createBrowser(t);
    await b.visit();
    const flag = await b.graphql('{ passwordResetByEmail }');
    expect(flag.json()).toEqual({ data: { passwordResetByEmail: false } });
    const res = await b.request({
      method: 'POST',
      url: '/users/password',
      payload: { user: { email: dora.email } },
      csrf: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: NO_SMTP_MESSAGE });
  });
});

describe('password reset by email', () => {
  const smtp = smtpListener();
  let t: TestApp;
  let erin: UserRow;

  beforeAll(async () => {
    const port = await smtp.start();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, emailFrom: 'Milepost <plan@milepost.test>' });
    erin = await t.buildUser({ username: 'erin-reset' });
  });
  afterAll(() => smtp.stop());

  it('sends a link that sets a new password once, ending every session', async () => {
    const before = createBrowser(t);
    await before.signIn('erin-reset', TEST_PASSWORD);
    const b = createBrowser(t);
    await b.visit();
    expect((await b.graphql('{ passwordResetByEmail }')).json()).toEqual({ data: { passwordResetByEmail: true } });

    const unknown = await b.request({
      method: 'POST',
      url: '/users/password',
      payload: { email: 'nobody@example.com' },
      csrf: true,
    });
    expect(unknown.json()).toEqual({ message: RESET_SENT_MESSAGE });
    expect(smtp.messages).toHaveLength(0);
    const noCsrf = await b.request({ method: 'POST', url: '/users/password', payload: { email: erin.email } });
    expect(noCsrf.statusCode).toBe(403);

    const res = await b.request({ method: 'POST', url: '/users/password', payload: { email: erin.email }, csrf: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_SENT_MESSAGE });
    expect(smtp.messages).toHaveLength(1);
    const mail = (smtp.messages[0] ?? '').replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(mail).toContain('Subject: Reset password instructions');
    expect(mail).toContain(`To: ${erin.email}`);
    const token = /reset_password_token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(token).toBeTruthy();

    const bad = await b.request({
      method: 'PUT',
      url: '/users/password',
      payload: { reset_password_token: 'wrong', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
      csrf: true,
    });
    expect(bad.json()).toEqual({ message: 'Reset password token is invalid' });
    const mismatch = await b.request({
      method: 'PUT',
      url: '/users/password',
      payload: { reset_password_token: token, password: 'brand-new-pass', password_confirmation: 'other-pass' },
      csrf: true,
    });
    expect(mismatch.json()).toEqual({ message: "Password confirmation doesn't match Password" });
    const ok = await b.request({
      method: 'PUT',
      url: '/users/password',
      payload: { reset_password_token: token, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
      csrf: true,
    });
    expect(ok.statusCode).toBe(200);
    expect((await before.graphql('{ currentUser { username } }')).json()).toEqual({ data: { currentUser: null } });
    expect((await createBrowser(t).signIn('erin-reset', 'brand-new-pass')).statusCode).toBe(200);
    const reuse = await b.request({
      method: 'PUT',
      url: '/users/password',
      payload: { reset_password_token: token, password: 'another-pass-1', password_confirmation: 'another-pass-1' },
      csrf: true,
    });
    expect(reuse.statusCode).toBe(422);
  });
});

describe('email change with confirmation', () => {
  const smtp = smtpListener();
  let t: TestApp;

  beforeAll(async () => {
    const port = await smtp.start();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, emailFrom: 'Milepost <plan@milepost.test>' });
    await t.buildUser({ username: 'taken' });
  });
  afterAll(() => smtp.stop());

  const me = async (b: ReturnType<typeof createBrowser>) => (await b.graphql(ME)).json<Me>().data.currentUser;
  /** The confirmation token of the newest mail to `to`. */
  const tokenSentTo = (to: string) => {
    const mail = [...smtp.messages].reverse().find((m) => m.includes(`To: ${to}`)) ?? '';
    const text = mail.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(text).toContain('Subject: Confirmation instructions');
    return /confirmation_token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
  };
  const changeEmail = (b: ReturnType<typeof createBrowser>, email: string) =>
    b.request({
      method: 'PUT',
      url: '/-/profile',
      payload: { user: { email, current_password: TEST_PASSWORD } },
      csrf: true,
    });
  const confirm = (b: ReturnType<typeof createBrowser>, token: string) =>
    b.request({ method: 'PUT', url: '/users/confirmation', payload: { confirmation_token: token }, csrf: true });

  it('keeps the old email until the link sent to the new one is opened, even signed out', async () => {
    const user = await t.buildUser({ username: 'mover' });
    const b = createBrowser(t);
    await b.signIn('mover', TEST_PASSWORD);
    await b.request({ method: 'PUT', url: '/-/profile', payload: { public_email: 'mover@example.com' }, csrf: true });

    const taken = await changeEmail(b, 'TAKEN@example.com');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Email has already been taken' });

    const res = await changeEmail(b, 'mover@example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: confirmationSentMessage('mover@example.org') });
    expect(await me(b)).toMatchObject({ email: 'mover@example.com', unconfirmedEmail: 'mover@example.org' });
    // The old address still signs in; the new one does not yet.
    expect((await createBrowser(t).signIn('mover@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await createBrowser(t).signIn('mover@example.org', TEST_PASSWORD)).statusCode).toBe(401);
    const token = tokenSentTo('mover@example.org');
    expect(token).toBeTruthy();

    const stranger = createBrowser(t);
    await stranger.visit();
    const bad = await confirm(stranger, 'not-a-token');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: 'Confirmation token is invalid' });
    expect(
      (await stranger.request({ method: 'PUT', url: '/users/confirmation', payload: { confirmation_token: token } }))
        .statusCode,
    ).toBe(403);

    const ok = await confirm(stranger, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      message: 'Your email address has been successfully confirmed.',
      email: 'mover@example.org',
    });
    // The public email follows; the link works once.
    expect(await me(b)).toMatchObject({
      email: 'mover@example.org',
      unconfirmedEmail: null,
      publicEmail: 'mover@example.org',
    });
    expect((await confirm(stranger, token)).json()).toEqual({ message: 'Confirmation token is invalid' });
    expect((await createBrowser(t).signIn('mover@example.org', TEST_PASSWORD)).statusCode).toBe(200);
    expect(user.email).toBe('mover@example.com');
  });

  it('resends a new link (the old one stops working), cancels, and refuses an expired link', async () => {
    const user = await t.buildUser({ username: 'resender' });
    const b = createBrowser(t);
    await b.signIn('resender', TEST_PASSWORD);
    const nothing = await b.request({ method: 'POST', url: '/users/confirmation', csrf: true });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json()).toEqual({ message: 'There is no email change waiting for confirmation.' });

    await changeEmail(b, 'resender@example.net');
    const first = tokenSentTo('resender@example.net');
    const again = await b.request({ method: 'POST', url: '/users/confirmation', csrf: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: confirmationSentMessage('resender@example.net') });
    const second = tokenSentTo('resender@example.net');
    expect(second).not.toBe(first);
    expect((await confirm(b, first)).json()).toEqual({ message: 'Confirmation token is invalid' });

    // A link older than the limit asks for a new one.
    const old = new Date(Date.now() - (CONFIRM_EMAIL_DAYS * 24 + 1) * 3600 * 1000);
    await t.database.db.execute(sql`UPDATE users SET confirmation_sent_at = ${old} WHERE id = ${user.id}`);
    const expired = await confirm(b, second);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({
      message: `Email needs to be confirmed within ${CONFIRM_EMAIL_DAYS} days, please request a new one`,
    });

    const cancel = await b.request({ method: 'DELETE', url: '/-/profile/unconfirmed_email', csrf: true });
    expect(cancel.statusCode).toBe(200);
    expect(await me(b)).toMatchObject({ email: 'resender@example.com', unconfirmedEmail: null });
    expect((await b.graphql('{ sendsEmail }')).json()).toEqual({ data: { sendsEmail: true } });
  });

  it('an administrator changes an email at once, ending any pending change', async () => {
    const admin = await t.buildUser({ admin: true });
    const user = await t.buildUser({ username: 'pending' });
    const b = createBrowser(t);
    await b.signIn('pending', TEST_PASSWORD);
    await changeEmail(b, 'pending@example.net');
    const token = tokenSentTo('pending@example.net');
    const res = await t.request({
      method: 'PUT',
      url: `/api/v4/users/${user.id}`,
      payload: { email: 'pending@example.io' },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(await me(b)).toMatchObject({ email: 'pending@example.io', unconfirmedEmail: null });
    expect((await confirm(b, token)).json()).toEqual({ message: 'Confirmation token is invalid' });
  });
});
