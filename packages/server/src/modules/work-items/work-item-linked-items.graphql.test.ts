/**
 * GitLab's `workItemAddLinkedItems` and `workItemRemoveLinkedItems` over GraphQL (decision 0054):
 * GitLab's messages and errors, the ten-id cap, access through the policy (a hidden item answers
 * exactly as a missing one), and two requests linking the same pair at once making one link.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { UserRow } from '../../db/schema.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { IssueNode } from '../issues/issues.types.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { toSentence } from './work-items.service.ts';

const gid = (id: number) => `gid://gitlab/WorkItem/${id}`;
const NOT_FOUND =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

const FIELDS = `errors message workItem { id widgets { type ... on WorkItemWidgetLinkedItems {
  blockedByCount blockingCount linkedItems { nodes { linkType workItem { id } } } } } }`;
const ADD = `mutation($input: WorkItemAddLinkedItemsInput!) { workItemAddLinkedItems(input: $input) { ${FIELDS} } }`;
const REMOVE = `mutation($input: WorkItemRemoveLinkedItemsInput!) { workItemRemoveLinkedItems(input: $input) { ${FIELDS} } }`;

type Payload = {
  errors: string[];
  message: string | null;
  workItem: {
    id: string;
    widgets: Array<{
      type: string;
      blockedByCount?: number;
      blockingCount?: number;
      linkedItems?: { nodes: Array<{ linkType: string; workItem: { id: string } }> };
    }>;
  } | null;
};

describe('workItemAddLinkedItems / workItemRemoveLinkedItems', () => {
  let t: TestApp;
  let f: ReturnType<typeof issuesFactories>;
  let owner: UserRow;
  let reporter: UserRow;
  let guest: UserRow;
  let project: ProjectWithGroup;
  let openProject: ProjectWithGroup;
  let hidden: IssueNode;

  const issue = (title: string, on = project) => f.buildIssue({ project: on, author: owner, title });
  const add = async (item: IssueNode, ids: number[], opts: { as?: UserRow; linkType?: string } = {}) =>
    await t.graphql<{ workItemAddLinkedItems: Payload | null }>(
      ADD,
      { input: { id: gid(item.issue.id), workItemsIds: ids.map(gid), linkType: opts.linkType } },
      { as: opts.as ?? reporter },
    );
  const remove = async (item: IssueNode, ids: number[], as = reporter) =>
    await t.graphql<{ workItemRemoveLinkedItems: Payload | null }>(
      REMOVE,
      { input: { id: gid(item.issue.id), workItemsIds: ids.map(gid) } },
      { as },
    );
  /** The item's links as the reporter sees them: other item id → link type. */
  const linksOf = async (item: IssueNode) =>
    Object.fromEntries(
      (await t.services.issues.links.list(userActor(reporter), item)).map((l) => [l.other.issue.id, l.linkType]),
    );

  beforeAll(async () => {
    t = await createTestApp();
    f = issuesFactories(t);
    owner = await t.buildUser();
    reporter = await t.buildUser({ username: 'rhea' });
    guest = await t.buildUser({ username: 'gus' });
    const group = await t.buildGroup({ path: 'links', visibility: 'private', owner });
    await t.addGroupMember(group, reporter, 20);
    await t.addGroupMember(group, guest, 10);
    project = await t.buildProject({ group, path: 'app', visibility: 'private' });
    // A public project the reporter can read but has no role in, and a private one it cannot see.
    const open = await t.buildGroup({ path: 'open', visibility: 'public', owner });
    openProject = await t.buildProject({ group: open, path: 'site', visibility: 'public' });
    const vault = await t.buildGroup({ path: 'vault', visibility: 'private', owner });
    hidden = await issue('Hidden', await t.buildProject({ group: vault, path: 'secrets', visibility: 'private' }));
  });

  it('links items with a type, answers the work item with its links, and refuses linking them twice', async () => {
    const item = await issue('Item');
    const [a, b] = [await issue('A'), await issue('B')];
    const res = await add(item, [a.issue.id, b.issue.id], { linkType: 'BLOCKS' });
    expect(res.errors).toBeUndefined();
    const payload = res.data?.workItemAddLinkedItems;
    expect(payload?.errors).toEqual([]);
    expect(payload?.message).toBe(`Successfully linked ID(s): ${a.issue.id} and ${b.issue.id}.`);
    expect(payload?.workItem?.id).toBe(gid(item.issue.id));
    expect(payload?.workItem?.widgets.find((w) => w.type === 'LINKED_ITEMS')).toEqual({
      type: 'LINKED_ITEMS',
      blockedByCount: 0,
      blockingCount: 2,
      linkedItems: {
        nodes: [
          { linkType: 'blocks', workItem: { id: gid(a.issue.id) } },
          { linkType: 'blocks', workItem: { id: gid(b.issue.id) } },
        ],
      },
    });
    expect(await linksOf(a)).toEqual({ [item.issue.id]: 'is_blocked_by' });

    const again = await add(item, [a.issue.id, b.issue.id]);
    expect(again.data?.workItemAddLinkedItems).toMatchObject({ errors: ['Items are already linked'], message: '' });
    // BLOCKED_BY is stored as the other item blocking this one; one new item among linked ones is linked.
    const c = await issue('C');
    const mixed = await add(item, [a.issue.id, c.issue.id], { linkType: 'BLOCKED_BY' });
    expect(mixed.data?.workItemAddLinkedItems).toMatchObject({
      errors: [],
      message: `Successfully linked ID(s): ${c.issue.id}.`,
    });
    expect(await linksOf(item)).toEqual({
      [a.issue.id]: 'blocks',
      [b.issue.id]: 'blocks',
      [c.issue.id]: 'is_blocked_by',
    });
  });

  it('links what it may and names the readable items the actor may not link', async () => {
    const item = await issue('Partly');
    const ok = await issue('Linkable');
    const readOnly = await issue('Read only', openProject);
    const res = await add(item, [ok.issue.id, readOnly.issue.id, item.issue.id]);
    expect(res.data?.workItemAddLinkedItems).toMatchObject({
      errors: [
        `Item with ID: ${readOnly.issue.id} cannot be added. You don't have permission to perform this action. ` +
          `#${item.issue.iid} cannot be added: cannot be related to itself.`,
      ],
      message: '',
    });
    expect(await linksOf(item)).toEqual({ [ok.issue.id]: 'relates_to' });
  });

  it('answers a hidden item exactly as a missing one, linking nothing', async () => {
    const item = await issue('Careful');
    const ok = await issue('Fine');
    const withHidden = await add(item, [ok.issue.id, hidden.issue.id]);
    const withMissing = await add(item, [ok.issue.id, 987_654_321]);
    const expected = {
      errors: ['No matching work item found. Make sure you are adding a valid ID and you have access to the item.'],
      message: '',
    };
    expect(withHidden.data?.workItemAddLinkedItems).toMatchObject(expected);
    expect(withMissing.data?.workItemAddLinkedItems).toEqual(withHidden.data?.workItemAddLinkedItems);
    expect(await linksOf(item)).toEqual({});
  });

  it('refuses more than ten ids, unreadable items and readers without the right to link', async () => {
    const item = await issue('Guarded');
    const eleven = Array.from({ length: 11 }, (_, i) => 900_000 + i);
    for (const res of [await add(item, eleven), await remove(item, eleven)]) {
      expect(res.errors?.map((e) => e.message)).toEqual([
        'No more than 10 work items can be modified at the same time.',
      ]);
    }
    const empty = await remove(item, []);
    expect(empty.errors?.map((e) => e.message)).toEqual(['workItemsIds cannot be empty']);
    // The item itself hidden or missing: GitLab's top-level error, the same for both.
    const ok = await issue('Other');
    for (const res of [await add(hidden, [ok.issue.id]), await remove(hidden, [ok.issue.id])]) {
      expect(res.errors?.map((e) => e.message)).toEqual([NOT_FOUND]);
    }
    const missing = await t.graphql(
      ADD,
      { input: { id: gid(987_654_321), workItemsIds: [gid(ok.issue.id)] } },
      { as: reporter },
    );
    expect(missing.errors?.map((e) => e.message)).toEqual([NOT_FOUND]);
    // A guest reads the item but may not change its links.
    expect((await add(item, [ok.issue.id], { as: guest })).data?.workItemAddLinkedItems).toMatchObject({
      errors: ['No matching work item found.'],
      message: '',
    });
    expect((await remove(item, [ok.issue.id], guest)).data?.workItemRemoveLinkedItems).toMatchObject({
      errors: ['No work item found.'],
      message: '',
    });
    expect(await linksOf(item)).toEqual({});
  });

  it('unlinks what it may and explains the rest; a link to a hidden item counts as not linked', async () => {
    const item = await issue('Unlink me');
    const [a, b, notLinked] = [await issue('One'), await issue('Two'), await issue('Never linked')];
    const readOnly = await issue('Theirs', openProject);
    await f.linkIssues(item, a);
    await f.linkIssues(b, item, 'blocks');
    await f.linkIssues(item, readOnly);
    await f.linkIssues(item, hidden);

    const res = await remove(item, [a.issue.id, b.issue.id, readOnly.issue.id, notLinked.issue.id, hidden.issue.id]);
    expect(res.errors).toBeUndefined();
    expect(res.data?.workItemRemoveLinkedItems?.errors).toEqual([]);
    expect(res.data?.workItemRemoveLinkedItems?.message).toBe(
      `Successfully unlinked IDs: ${a.issue.id} and ${b.issue.id}. IDs with errors: ` +
        `${readOnly.issue.id} could not be removed due to insufficient permissions, ` +
        `${notLinked.issue.id} and ${hidden.issue.id} could not be removed due to not being linked.`,
    );
    expect(
      res.data?.workItemRemoveLinkedItems?.workItem?.widgets.find((w) => w.type === 'LINKED_ITEMS')?.linkedItems,
    ).toEqual({ nodes: [{ linkType: 'relates_to', workItem: { id: gid(readOnly.issue.id) } }] });
    expect(await linksOf(item)).toEqual({ [readOnly.issue.id]: 'relates_to' });
    // The hidden item's link is still there (an administrator sees it).
    const admin = userActor(await t.systemAdmin());
    expect((await t.services.issues.links.list(admin, item)).map((l) => l.other.issue.id)).toEqual([
      readOnly.issue.id,
      hidden.issue.id,
    ]);

    const nothing = await remove(item, [a.issue.id]);
    expect(nothing.data?.workItemRemoveLinkedItems).toMatchObject({
      errors: [`IDs with errors: ${a.issue.id} could not be removed due to not being linked.`],
      message: '',
    });
  });

  it('makes one link when two requests link the same pair both ways at once', async () => {
    const [x, y] = [await issue('X'), await issue('Y')];
    const [first, second] = await Promise.all([add(x, [y.issue.id]), add(y, [x.issue.id])]);
    const payloads = [first.data?.workItemAddLinkedItems, second.data?.workItemAddLinkedItems];
    expect(payloads.map((p) => p?.errors).sort()).toEqual([[], ['Items are already linked']]);
    expect(Object.keys(await linksOf(x))).toEqual([String(y.issue.id)]);
  });
});

describe('toSentence', () => {
  it('lists ids as Ruby does', () => {
    expect([toSentence([]), toSentence([1]), toSentence([1, 2]), toSentence([1, 2, 3])]).toEqual([
      '',
      '1',
      '1 and 2',
      '1, 2, and 3',
    ]);
  });
});
