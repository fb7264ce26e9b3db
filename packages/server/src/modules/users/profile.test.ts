/** The profile page's data: a user's groups and recent activity, each as far as the viewer may see. */
import { AccessLevel } from '@milepost/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const PROFILE = `query($username: String!) {
  user(username: $username) {
    username name bio createdAt webPath
    profileGroups { fullPath }
    recentActivity(first: 10) { action targetType targetTitle targetReference targetWebPath createdAt }
  }
}`;

type Profile = {
  user: {
    username: string;
    profileGroups: { fullPath: string }[];
    recentActivity: { action: string; targetType: string; targetTitle: string; targetWebPath: string }[];
  } | null;
};

describe('user profile', () => {
  let t: TestApp;
  let author: UserRow;
  let insider: UserRow;
  let outsider: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    author = await t.buildUser({ username: 'prof-author' });
    insider = await t.buildUser();
    outsider = await t.buildUser();
    const open = await t.buildGroup({ path: 'prof-open' });
    const closed = await t.buildGroup({ path: 'prof-closed', visibility: 'private' });
    await t.addGroupMember(open, author, AccessLevel.DEVELOPER);
    await t.addGroupMember(closed, author, AccessLevel.DEVELOPER);
    await t.addGroupMember(closed, insider, AccessLevel.REPORTER);
    const project = await t.buildProject({ group: open, path: 'app' });
    const issues = issuesFactories(t);
    const seen = await issues.buildIssue({ project, author, title: 'Public issue' });
    await issues.buildIssue({ project, author, title: 'Confidential issue', confidential: true });
    await epicsFactories(t).buildEpic({ group: closed, author, title: 'Secret epic' });
    await t.services.notes.create(userActor(author), { type: 'Issue', node: seen }, { body: 'A public comment' });
    await t.services.notes.create(
      userActor(author),
      { type: 'Issue', node: seen },
      { body: 'An internal note', internal: true },
    );
  });

  const profile = async (as: UserRow | null) =>
    (await t.graphql<Profile>(PROFILE, { username: 'prof-author' }, { as })).data?.user;

  it('shows a signed-out visitor only the public groups and activity', async () => {
    const user = await profile(null);
    expect(user?.username).toBe('prof-author');
    expect(user?.profileGroups.map((g) => g.fullPath)).toEqual(['prof-open']);
    expect(user?.recentActivity.map((a) => `${a.action} ${a.targetTitle}`)).toEqual([
      'commented on Public issue',
      'opened Public issue',
    ]);
    expect(user?.recentActivity[0]?.targetWebPath).toBe('/prof-open/app/-/issues/1');
  });

  it('shows an outsider the same: hidden things look like nothing', async () => {
    const user = await profile(outsider);
    expect(user?.profileGroups.map((g) => g.fullPath)).toEqual(['prof-open']);
    expect(user?.recentActivity).toHaveLength(2);
  });

  it('shows a member of the private group its groups and epics too, and Reporters the confidential issue', async () => {
    const user = await profile(insider);
    expect(user?.profileGroups.map((g) => g.fullPath)).toEqual(['prof-closed', 'prof-open']);
    const titles = user?.recentActivity.map((a) => `${a.action} ${a.targetTitle}`);
    expect(titles).toContain('opened Secret epic');
    expect(titles).not.toContain('opened Confidential issue');
    expect(titles?.some((x) => x.includes('internal'))).toBe(false);
    const self = await profile(author);
    expect(self?.recentActivity.map((a) => a.targetTitle)).toContain('Confidential issue');
  });

  it('answers null for a missing user', async () => {
    const res = await t.graphql<Profile>(PROFILE, { username: 'nobody-here' });
    expect(res.data?.user).toBeNull();
  });
});
