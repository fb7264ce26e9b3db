import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import type { IssueNode } from '../issues/issues.types.ts';

describe('award emoji', () => {
  let t: TestApp;
  let member: UserRow;
  let guest: UserRow;
  let outsider: UserRow;
  let issue: IssueNode;
  let secret: IssueNode;
  let epic: EpicNode;

  beforeAll(async () => {
    t = await createTestApp();
    const f = issuesFactories(t);
    member = await t.buildUser();
    guest = await t.buildUser();
    outsider = await t.buildUser();
    const group = await t.buildGroup({ path: 'aw', visibility: 'public' });
    await t.addGroupMember(group, member, 30);
    await t.addGroupMember(group, guest, 10);
    const project = await t.buildProject({ group, path: 'app' });
    issue = await f.buildIssue({ project, title: 'Likeable' });
    secret = await f.buildIssue({ project, title: 'Secret', confidential: true });
    epic = await epicsFactories(t).buildEpic({ group, title: 'Epic to like' });
  });

  const toggle = `mutation($input: AwardEmojiToggleInput!) { awardEmojiToggle(input: $input) {
    awardEmoji { name emoji user { username } } toggledOn errors } }`;
  const votes = `query { project(fullPath: "aw/app") { issues(myReactionEmoji: "thumbsup") { count nodes { title upvotes downvotes awardEmoji { nodes { name } } } } } }`;

  it('toggles a reaction on and off, counting upvotes', async () => {
    const on = await t.graphql(
      toggle,
      { input: { awardableId: `gid://gitlab/Issue/${issue.issue.id}`, name: 'thumbsup' } },
      { as: member },
    );
    expect(on.data).toEqual({
      awardEmojiToggle: {
        awardEmoji: { name: 'thumbsup', emoji: '👍', user: { username: member.username } },
        toggledOn: true,
        errors: [],
      },
    });
    await t.graphql(
      toggle,
      { input: { awardableId: `gid://gitlab/Issue/${issue.issue.id}`, name: 'tada' } },
      { as: guest },
    );
    const mine = await t.graphql(votes, {}, { as: member });
    expect(mine.data).toEqual({
      project: {
        issues: {
          count: 1,
          nodes: [
            {
              title: 'Likeable',
              upvotes: 1,
              downvotes: 0,
              awardEmoji: { nodes: [{ name: 'thumbsup' }, { name: 'tada' }] },
            },
          ],
        },
      },
    });
    expect((await t.graphql(votes, {}, { as: guest })).data).toMatchObject({ project: { issues: { count: 0 } } });
    const off = await t.graphql(
      toggle,
      { input: { awardableId: `gid://gitlab/Issue/${issue.issue.id}`, name: 'thumbsup' } },
      { as: member },
    );
    expect(off.data).toEqual({ awardEmojiToggle: { awardEmoji: null, toggledOn: false, errors: [] } });
  });

  it('reacts to epics too', async () => {
    const on = await t.graphql(
      toggle,
      { input: { awardableId: `gid://gitlab/Epic/${epic.epic.id}`, name: 'rocket' } },
      { as: member },
    );
    expect(on.data).toMatchObject({ awardEmojiToggle: { toggledOn: true, errors: [] } });
    const q = await t.graphql(
      `query { group(fullPath: "aw") { epic(iid: "${epic.epic.iid}") { awardEmoji { count nodes { name } } } } }`,
      {},
      { as: outsider },
    );
    expect(q.data).toEqual({ group: { epic: { awardEmoji: { count: 1, nodes: [{ name: 'rocket' }] } } } });
  });

  it('tells the issue page who may react (IssuePermissions.awardEmoji, as EpicPermissions)', async () => {
    const may = async (as?: UserRow) =>
      (
        await t.graphql<{ project: { issue: { userPermissions: { awardEmoji: boolean } } | null } }>(
          `query { project(fullPath: "aw/app") { issue(iid: "${issue.issue.iid}") { userPermissions { awardEmoji } } } }`,
          {},
          { as },
        )
      ).data?.project.issue?.userPermissions.awardEmoji;
    // Any signed-in user who can read the issue; not visitors.
    expect([await may(member), await may(guest), await may(outsider), await may()]).toEqual([true, true, true, false]);
  });

  it.each([['not_an_emoji'], ['Thumbsup'], ['']])('refuses the name %j', async (name) => {
    const res = await t.graphql(
      toggle,
      { input: { awardableId: `gid://gitlab/Issue/${issue.issue.id}`, name } },
      { as: member },
    );
    expect(res.data).toEqual({
      awardEmojiToggle: { awardEmoji: null, toggledOn: false, errors: ['Name is not a valid emoji name'] },
    });
  });

  it('answers a hidden issue as a missing one', async () => {
    const hidden = await t.graphql(
      toggle,
      { input: { awardableId: `gid://gitlab/Issue/${secret.issue.id}`, name: 'eyes' } },
      { as: guest },
    );
    const missing = await t.graphql(
      toggle,
      { input: { awardableId: 'gid://gitlab/Issue/999999', name: 'eyes' } },
      { as: guest },
    );
    expect(hidden.errors?.[0]?.message).toMatch(/does not exist/);
    expect(hidden.body).toEqual(missing.body);
    const anonymous = await t.graphql(toggle, {
      input: { awardableId: `gid://gitlab/Issue/${issue.issue.id}`, name: 'eyes' },
    });
    expect(anonymous.errors?.[0]?.message).toMatch(/does not exist/);
  });

  it('suggests the user’s most used reactions, [] when signed out', async () => {
    await t.services.awards.toggle(userActor(member), { type: 'Issue', node: issue }, 'eyes');
    const res = await t.request({ method: 'GET', url: '/-/autocomplete/award_emojis', as: member });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<{ name: string }[]>()
        .map((e) => e.name)
        .sort(),
    ).toEqual(['eyes', 'rocket']);
    const anon = await t.request({ method: 'GET', url: '/-/autocomplete/award_emojis' });
    expect(anon.json()).toEqual([]);
  });
});
