/** Drives the issues, issue links and epic issues REST endpoints with the real @gitbeaker/rest client. */
import type { AddressInfo } from 'node:net';
import { Gitlab } from '@gitbeaker/rest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EpicNode } from '../epics/epics.types.ts';

describe('@gitbeaker/rest: Issues, IssueLinks, EpicIssues', () => {
  let t: TestApp;
  let owner: UserRow;
  let gitlab: InstanceType<typeof Gitlab>;
  let projectId: number;
  let epic: EpicNode;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    const group = await t.buildGroup({ path: 'gb', visibility: 'public' });
    await t.addGroupMember(group, owner, 50);
    projectId = (await t.buildProject({ group, path: 'app' })).project.id;
    epic = await epicsFactories(t).buildEpic({ group, title: 'Gitbeaker epic' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const host = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    gitlab = new Gitlab({ host, token: (await t.authHeaders(owner))['private-token'] as string });
  });

  it('creates, lists (following Link pages), shows, edits and removes issues', async () => {
    for (const title of ['One', 'Two', 'Three']) {
      const issue = await gitlab.Issues.create(projectId, title, { labels: 'bug', weight: 2 });
      expect(issue).toMatchObject({ title, project_id: projectId, state: 'opened', weight: 2 });
    }
    const all = await gitlab.Issues.all({ projectId, perPage: 1 });
    expect(all.map((i) => i.title).sort()).toEqual(['One', 'Three', 'Two']);
    const grouped = await gitlab.Issues.all({ groupId: 'gb', perPage: 2, state: 'opened' });
    expect(grouped).toHaveLength(3);
    const mine = await gitlab.Issues.all({ perPage: 1 });
    expect(mine).toHaveLength(3);
    const one = all.find((i) => i.title === 'One');
    expect(await gitlab.Issues.show(one?.iid as number, { projectId })).toMatchObject({ title: 'One' });
    const edited = await gitlab.Issues.edit(projectId, one?.iid as number, { stateEvent: 'close', title: 'One!' });
    expect(edited).toMatchObject({ title: 'One!', state: 'closed' });
    await gitlab.Issues.remove(projectId, one?.iid as number);
    await expect(gitlab.Issues.show(one?.iid as number, { projectId })).rejects.toThrow('404 Issue Not Found');
    await expect(gitlab.Issues.create(projectId, 'x'.repeat(300))).rejects.toThrow(/title/);
  });

  it('links issues', async () => {
    const [a, b] = await gitlab.Issues.all({ projectId, state: 'opened', orderBy: 'title', sort: 'asc' });
    const link = await gitlab.IssueLinks.create(projectId, a?.iid as number, projectId, b?.iid as number, {
      linkType: 'blocks',
    });
    expect(link).toMatchObject({ source_issue: { iid: a?.iid }, target_issue: { iid: b?.iid }, link_type: 'blocks' });
    const links = await gitlab.IssueLinks.all(projectId, a?.iid as number);
    expect(links).toMatchObject([{ iid: b?.iid, link_type: 'blocks' }]);
    await gitlab.IssueLinks.remove(
      projectId,
      a?.iid as number,
      (links[0] as unknown as { issue_link_id: number }).issue_link_id,
    );
    expect(await gitlab.IssueLinks.all(projectId, a?.iid as number)).toEqual([]);
  });

  it('assigns, lists, reorders and removes epic issues', async () => {
    const issues = await gitlab.Issues.all({ projectId, state: 'opened', orderBy: 'title', sort: 'asc' });
    const links: number[] = [];
    for (const issue of issues) {
      const assigned = await gitlab.EpicIssues.assign('gb', epic.epic.iid, issue.id as number);
      expect(assigned).toMatchObject({ epic: { iid: epic.epic.iid }, issue: { id: issue.id } });
      links.push((assigned as unknown as { id: number }).id);
    }
    const listed = await gitlab.EpicIssues.all('gb', epic.epic.iid);
    expect(listed.map((i) => i.title)).toEqual([...issues].reverse().map((i) => i.title));
    await gitlab.EpicIssues.edit('gb', epic.epic.iid, links[1] as number, { moveBeforeId: links[0] });
    const reordered = await gitlab.EpicIssues.all('gb', epic.epic.iid);
    expect(reordered.map((i) => i.title)).toEqual(issues.map((i) => i.title));
    const removed = await gitlab.EpicIssues.remove('gb', epic.epic.iid, links[0] as number);
    expect(removed).toMatchObject({ id: links[0], issue: { id: issues[0]?.id } });
    expect(await gitlab.EpicIssues.all('gb', epic.epic.iid)).toHaveLength(issues.length - 1);
  });
});
