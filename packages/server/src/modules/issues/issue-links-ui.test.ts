/** The issue page's linked items JSON (`/<project>/-/issues/<iid>/links`), with permissions. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { IssueNode } from './issues.types.ts';

type Item = { iid: number; title: string; link_type: string; reference: string; relation_path: string | null };

describe('issue links UI JSON', () => {
  let t: TestApp;
  let reporter: UserRow;
  let guest: UserRow;
  let outsider: UserRow;
  let issue: IssueNode;
  let blocker: IssueNode;
  let other: IssueNode;
  let hidden: IssueNode;

  beforeAll(async () => {
    t = await createTestApp();
    const f = issuesFactories(t);
    reporter = await t.buildUser();
    guest = await t.buildUser();
    outsider = await t.buildUser();
    const group = await t.buildGroup({ path: 'li', visibility: 'public' });
    await t.addGroupMember(group, reporter, 20);
    await t.addGroupMember(group, guest, 10);
    const project = await t.buildProject({ group, path: 'app' });
    const privateGroup = await t.buildGroup({ path: 'li-private', visibility: 'private' });
    const privateProject = await t.buildProject({ group: privateGroup, path: 'secret', visibility: 'private' });
    issue = await f.buildIssue({ project, title: 'Main' });
    blocker = await f.buildIssue({ project, title: 'Blocker' });
    other = await f.buildIssue({ project, title: 'Other' });
    hidden = await f.buildIssue({ project: privateProject, title: 'Hidden' });
  });

  const links = (node: IssueNode) => `/${node.project.fullPath}/-/issues/${node.issue.iid}/links`;

  it('links by reference with a type, lists and removes', async () => {
    const added = await t.request({
      method: 'POST',
      url: links(issue),
      payload: { issuable_references: [`#${blocker.issue.iid}`], link_type: 'is_blocked_by' },
      as: reporter,
    });
    expect(added.statusCode).toBe(200);
    expect(added.headers['content-type']).toBe('application/json');
    const [item] = added.json<{ issuables: Item[] }>().issuables;
    expect(item).toMatchObject({ title: 'Blocker', link_type: 'is_blocked_by', reference: `#${blocker.issue.iid}` });
    expect(item?.relation_path).toMatch(new RegExp(`^${links(issue)}/\\d+$`));
    const fromBlocker = await t.request({ method: 'GET', url: links(blocker), as: guest });
    expect(fromBlocker.json<Item[]>()).toMatchObject([{ title: 'Main', link_type: 'blocks', relation_path: null }]);
    const removed = await t.request({ method: 'DELETE', url: item?.relation_path ?? '', as: reporter });
    expect(removed.json()).toEqual({ issuables: [] });
  });

  it('refuses what it cannot link, saying why', async () => {
    const post = (refs: string[], as: UserRow, link_type = 'relates_to') =>
      t.request({ method: 'POST', url: links(issue), payload: { issuable_references: refs, link_type }, as });
    const missing = await post(['#9999'], reporter);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: 'No matching issue found. Make sure that you are adding a valid issue URL.',
    });
    const hiddenRef = await post([`${hidden.project.fullPath}#${hidden.issue.iid}`], reporter);
    expect(hiddenRef.json()).toEqual(missing.json());
    const badType = await post([`#${other.issue.iid}`], reporter, 'duplicates');
    expect(badType.statusCode).toBe(422);
    const asGuest = await post([`#${other.issue.iid}`], guest);
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json()).toEqual({ message: "You don't have permission to link issues." });
    await post([`#${other.issue.iid}`], reporter);
    const twice = await post([`#${other.issue.iid}`], reporter);
    expect(twice.statusCode).toBe(409);
  });

  it('answers 404 for an issue the viewer cannot see', async () => {
    const res = await t.request({ method: 'GET', url: links(hidden), as: outsider });
    expect(res.statusCode).toBe(404);
  });
});
