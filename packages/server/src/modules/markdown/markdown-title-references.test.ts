/**
 * References in titles (GitLab renders `#3`, `&1`, `~bug` in an issue's or epic's title as links)
 * and GitLab's short form `project#3` for a project in the text's own namespace — for each reader,
 * hidden targets rendered exactly like missing ones (decision 0045).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

describe('references in titles and the short project form', () => {
  let t: TestApp;
  let owner: UserRow;
  let outsider: UserRow;
  let api: ProjectWithGroup;
  let webIid: number;
  let vaultIid: number;
  let epicIid: number;
  let titled: { iid: number; id: number };
  let epicTitledIid: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser({ username: 'tess' });
    outsider = await t.buildUser();
    const acme = await t.buildGroup({ path: 'tacme', owner });
    const web = await t.buildProject({ group: acme, path: 'web' });
    api = await t.buildProject({ group: acme, path: 'api' });
    const secret = await t.buildGroup({ path: 'tsecret', visibility: 'private', owner });
    const vault = await t.buildProject({ group: secret, path: 'vault', visibility: 'private' });
    const actor = userActor(owner);
    webIid = (await t.services.issues.create(actor, web, { title: 'Web issue' })).issue.iid;
    vaultIid = (await t.services.issues.create(actor, vault, { title: 'Vault issue' })).issue.iid;
    epicIid = (await t.services.epics.create(actor, acme, { title: 'Launch' })).epic.iid;
    await t.services.labels.create(actor, { type: 'Project', ...web }, { title: 'needs review', color: '#f0ad4e' });
    const issue = await t.services.issues.create(actor, api, {
      title: `Follow web#${webIid}, tsecret/vault#${vaultIid} and &${epicIid} in \`#${webIid}\``,
      description: `web~"needs review" web#${webIid} vault#${vaultIid} nope#1`,
    });
    titled = { iid: issue.issue.iid, id: issue.issue.id };
    epicTitledIid = (await t.services.epics.create(actor, acme, { title: `After &${epicIid} and web#${webIid}` })).epic
      .iid;
  });

  const issueQuery = `query($iid: String!) { project(fullPath: "tacme/api") { issue(iid: $iid) { titleHtml descriptionHtml } } }`;

  it('links the references of an issue title the reader may see, in GraphQL and realtime_changes', async () => {
    const read = async (as: UserRow | null) => {
      const res = await t.graphql<{ project: { issue: { titleHtml: string; descriptionHtml: string } } }>(
        issueQuery,
        { iid: String(titled.iid) },
        { as },
      );
      expect(res.errors).toBeUndefined();
      return (res.data as NonNullable<typeof res.data>).project.issue;
    };
    const mine = await read(owner);
    expect(mine.titleHtml).toBe(
      `Follow <a href="/tacme/web/-/issues/${webIid}" class="gfm gfm-issue" data-reference-type="issue" data-original="web#${webIid}" data-project-path="tacme/web" data-iid="${webIid}">web#${webIid}</a>, ` +
        `<a href="/tsecret/vault/-/issues/${vaultIid}" class="gfm gfm-issue" data-reference-type="issue" data-original="tsecret/vault#${vaultIid}" data-project-path="tsecret/vault" data-iid="${vaultIid}">tsecret/vault#${vaultIid}</a> and ` +
        `<a href="/groups/tacme/-/epics/${epicIid}" class="gfm gfm-epic" data-reference-type="epic" data-original="&amp;${epicIid}" data-group-path="tacme" data-iid="${epicIid}">&amp;${epicIid}</a> in <code>#${webIid}</code>`,
    );
    const theirs = await read(outsider);
    expect(theirs.titleHtml).toContain(`, tsecret/vault#${vaultIid} and <a href="/groups/tacme/-/epics/${epicIid}"`);
    expect(await read(null)).toEqual(theirs);

    const realtime = await t.request({
      method: 'GET',
      url: `/tacme/api/-/issues/${titled.iid}/realtime_changes`,
      as: outsider,
    });
    expect(realtime.statusCode).toBe(200);
    expect(realtime.json<{ title: string }>().title).toBe(theirs.titleHtml);

    const workItem = await t.graphql<{ workItem: { titleHtml: string } }>(
      'query($id: ID!) { workItem(id: $id) { titleHtml } }',
      { id: `gid://gitlab/WorkItem/${titled.id}` },
      { as: owner },
    );
    expect(workItem.data?.workItem.titleHtml).toBe(mine.titleHtml);
  });

  it('links the references of an epic title; the short form means a project of the epic group', async () => {
    const res = await t.graphql<{ group: { epic: { titleHtml: string } } }>(
      `query($iid: ID!) { group(fullPath: "tacme") { epic(iid: $iid) { titleHtml } } }`,
      { iid: String(epicTitledIid) },
      { as: outsider },
    );
    expect(res.errors).toBeUndefined();
    const html = res.data?.group.epic.titleHtml ?? '';
    expect(html).toMatch(new RegExp(`^After <a href="/groups/tacme/-/epics/${epicIid}"[^>]*>&amp;${epicIid}</a> and `));
    expect(html).toContain(`<a href="/tacme/web/-/issues/${webIid}"`);
  });

  it('links the references of a milestone title and description', async () => {
    const acme = await t.services.groups.find(userActor(owner), 'tacme');
    if (!acme) throw new Error('group not found');
    const milestone = await t.services.milestones.create(
      userActor(owner),
      { type: 'Group', group: acme },
      { title: `Ship &${epicIid}`, description: `Needs web#${webIid}` },
    );
    const res = await t.graphql<{ milestone: { titleHtml: string; descriptionHtml: string } }>(
      'query($id: ID!) { milestone(id: $id) { titleHtml descriptionHtml } }',
      { id: `gid://gitlab/Milestone/${milestone.id}` },
      { as: outsider },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.milestone.titleHtml).toMatch(
      new RegExp(`^Ship <a href="/groups/tacme/-/epics/${epicIid}" class="gfm gfm-epic"`),
    );
    expect(res.data?.milestone.descriptionHtml).toContain(`<a href="/tacme/web/-/issues/${webIid}"`);
  });

  it('resolves the short form within the namespace only, for issues and labels', async () => {
    const res = await t.graphql<{ project: { issue: { descriptionHtml: string } } }>(
      issueQuery,
      { iid: String(titled.iid) },
      { as: owner },
    );
    const html = res.data?.project.issue.descriptionHtml ?? '';
    expect(html).toContain('data-reference-type="label" data-original="web~&quot;needs review&quot;" data-label=');
    expect(html).toContain(`<a href="/tacme/web/-/issues/${webIid}" class="gfm gfm-issue"`);
    // `vault` is a project of another namespace: the short form does not reach it, even for its owner.
    expect(html).toContain(` vault#${vaultIid} nope#1</p>`);
  });
});
