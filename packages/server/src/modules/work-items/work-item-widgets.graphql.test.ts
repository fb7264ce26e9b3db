/**
 * The work item widgets of decision 0045 over GraphQL: weight, health status, time tracking,
 * linked items and participants — set through `workItemCreate` / `workItemUpdate` with GitLab's
 * input names, read back through `workItem.widgets`, rolled up from a parent's tasks, and linked
 * items that are hidden from the reader left out exactly like missing ones.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { UserRow } from '../../db/schema.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

const TASK_TYPE = 'gid://gitlab/WorkItems::Type/5';
const gid = (id: number) => `gid://gitlab/WorkItem/${id}`;

const CREATE = `mutation($input: WorkItemCreateInput!) {
  workItemCreate(input: $input) { errors workItem { id } }
}`;
const UPDATE = `mutation($input: WorkItemUpdateInput!) {
  workItemUpdate(input: $input) { errors workItem { id } }
}`;

const READ = `query($id: ID!) {
  workItem(id: $id) {
    widgets {
      type
      ... on WorkItemWidgetWeight { weight rolledUpWeight rolledUpCompletedWeight widgetDefinition { editable rollUp } }
      ... on WorkItemWidgetHealthStatus { healthStatus rolledUpHealthStatus { healthStatus count } }
      ... on WorkItemWidgetTimeTracking {
        timeEstimate totalTimeSpent timelogs { count nodes { timeSpent summary } }
        humanReadableAttributes { timeEstimate totalTimeSpent }
      }
      ... on WorkItemWidgetLinkedItems {
        blocked blockedByCount blockingCount
        linkedItems { count nodes { linkId linkType workItemState workItem { id title } } }
      }
      ... on WorkItemWidgetParticipants { participants { nodes { username } } }
    }
  }
}`;

type Widget = Record<string, unknown> & { type: string };
type Read = { workItem: { widgets: Widget[] } | null };

describe('work item widgets', () => {
  let t: TestApp;
  let f: ReturnType<typeof issuesFactories>;
  let reporter: UserRow;
  let guest: UserRow;
  let project: ProjectWithGroup;
  let hiddenIssueId: number;

  const read = async (id: number, as: UserRow = reporter) => {
    const res = await t.graphql<Read>(READ, { id: gid(id) }, { as });
    expect(res.errors).toBeUndefined();
    const widgets = res.data?.workItem?.widgets ?? [];
    return (type: string) => widgets.find((w) => w.type === type);
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = issuesFactories(t);
    const owner = await t.buildUser();
    reporter = await t.buildUser({ username: 'wes' });
    guest = await t.buildUser({ username: 'gina' });
    const group = await t.buildGroup({ path: 'widgets', visibility: 'private', owner });
    await t.addGroupMember(group, reporter, 20);
    await t.addGroupMember(group, guest, 10);
    project = await t.buildProject({ group, path: 'app', visibility: 'private' });
    // A private project of another group the reporter is no member of.
    const elsewhere = await t.buildGroup({ path: 'elsewhere', visibility: 'private', owner });
    const vault = await t.buildProject({ group: elsewhere, path: 'vault', visibility: 'private' });
    hiddenIssueId = (await f.buildIssue({ project: vault, author: owner, title: 'Hidden' })).issue.id;
  });

  it('lists the new widgets on every type, with the weight definition', async () => {
    const res = await t.graphql<{
      project: { workItemTypes: { nodes: Array<{ name: string; widgetDefinitions: Widget[] }> } };
    }>(
      `{ project(fullPath: "widgets/app") { workItemTypes { nodes { name
          widgetDefinitions { type ... on WorkItemWidgetDefinitionWeight { editable rollUp }
            ... on WorkItemWidgetDefinitionHierarchy { allowedParentTypes { nodes { name } } } } } } } }`,
      {},
      { as: reporter },
    );
    expect(res.errors).toBeUndefined();
    for (const type of res.data?.project.workItemTypes.nodes ?? []) {
      expect(type.widgetDefinitions.map((d) => d.type)).toEqual(
        expect.arrayContaining(['WEIGHT', 'HEALTH_STATUS', 'TIME_TRACKING', 'LINKED_ITEMS', 'PARTICIPANTS']),
      );
      expect(type.widgetDefinitions.find((d) => d.type === 'WEIGHT')).toEqual({
        type: 'WEIGHT',
        editable: true,
        rollUp: false,
      });
    }
    const task = res.data?.project.workItemTypes.nodes.find((n) => n.name === 'Task');
    expect(task?.widgetDefinitions.find((d) => d.type === 'HIERARCHY')).toEqual({
      type: 'HIERARCHY',
      allowedParentTypes: { nodes: [{ name: 'Issue' }, { name: 'Incident' }] },
    });
  });

  it('creates with weight, health, time tracking and linked items, and reads them back', async () => {
    const blocker = await f.buildIssue({ project, author: reporter, title: 'Blocker' });
    const res = await t.graphql<{ workItemCreate: { errors: string[]; workItem: { id: string } | null } }>(
      CREATE,
      {
        input: {
          namespacePath: 'widgets/app',
          title: 'Measured',
          workItemTypeId: 'gid://gitlab/WorkItems::Type/1',
          weightWidget: { weight: 5 },
          healthStatusWidget: { healthStatus: 'needsAttention' },
          timeTrackingWidget: { timeEstimate: '1d 2h', timelog: { timeSpent: '1h 30m', summary: 'Spike' } },
          linkedItemsWidget: { linkType: 'BLOCKED_BY', workItemsIds: [gid(blocker.issue.id)] },
        },
      },
      { as: reporter },
    );
    expect(res.data?.workItemCreate.errors).toEqual([]);
    const id = Number(res.data?.workItemCreate.workItem?.id.split('/').pop());
    const widget = await read(id);
    expect(widget('WEIGHT')).toEqual({
      type: 'WEIGHT',
      weight: 5,
      rolledUpWeight: null,
      rolledUpCompletedWeight: null,
      widgetDefinition: { editable: true, rollUp: false },
    });
    expect(widget('HEALTH_STATUS')).toMatchObject({ healthStatus: 'needsAttention' });
    expect(widget('TIME_TRACKING')).toEqual({
      type: 'TIME_TRACKING',
      timeEstimate: 36_000,
      totalTimeSpent: 5_400,
      timelogs: { count: 1, nodes: [{ timeSpent: 5_400, summary: 'Spike' }] },
      humanReadableAttributes: { timeEstimate: '1d 2h', totalTimeSpent: '1h 30m' },
    });
    expect(widget('LINKED_ITEMS')).toMatchObject({
      blocked: true,
      blockedByCount: 1,
      blockingCount: 0,
      linkedItems: {
        count: 1,
        nodes: [{ linkType: 'is_blocked_by', workItemState: 'OPEN', workItem: { id: gid(blocker.issue.id) } }],
      },
    });
    const linkId = (widget('LINKED_ITEMS') as unknown as { linkedItems: { nodes: Array<{ linkId: string }> } })
      .linkedItems.nodes[0]?.linkId;
    expect(linkId).toMatch(/^gid:\/\/gitlab\/WorkItems::RelatedWorkItemLink\/\d+$/);
    expect(widget('PARTICIPANTS')).toEqual({ type: 'PARTICIPANTS', participants: { nodes: [{ username: 'wes' }] } });
    // The blocker sees the link from its side.
    expect((await read(blocker.issue.id))('LINKED_ITEMS')).toMatchObject({
      blockingCount: 1,
      linkedItems: { nodes: [{ linkType: 'blocks', workItem: { id: gid(id) } }] },
    });
  });

  it('updates weight, health and time through the widgets; null clears them', async () => {
    const item = await f.buildIssue({ project, author: reporter, title: 'Tuned' });
    const update = (input: Record<string, unknown>) =>
      t.graphql<{ workItemUpdate: { errors: string[] } }>(
        UPDATE,
        { input: { id: gid(item.issue.id), ...input } },
        { as: reporter },
      );
    const set = await update({
      weightWidget: { weight: 3 },
      healthStatusWidget: { healthStatus: 'atRisk' },
      timeTrackingWidget: { timeEstimate: '2h', timelog: { timeSpent: '30m' } },
    });
    expect(set.data?.workItemUpdate.errors).toEqual([]);
    let widget = await read(item.issue.id);
    expect(widget('WEIGHT')).toMatchObject({ weight: 3 });
    expect(widget('HEALTH_STATUS')).toMatchObject({ healthStatus: 'atRisk' });
    expect(widget('TIME_TRACKING')).toMatchObject({ timeEstimate: 7_200, totalTimeSpent: 1_800 });

    const cleared = await update({ weightWidget: { weight: null }, healthStatusWidget: { healthStatus: null } });
    expect(cleared.data?.workItemUpdate.errors).toEqual([]);
    widget = await read(item.issue.id);
    expect(widget('WEIGHT')).toMatchObject({ weight: null });
    expect(widget('HEALTH_STATUS')).toMatchObject({ healthStatus: null });

    const bad = await update({ timeTrackingWidget: { timeEstimate: 'soon' } });
    expect(bad.data?.workItemUpdate.errors).toHaveLength(1);
    expect((await read(item.issue.id))('TIME_TRACKING')).toMatchObject({ timeEstimate: 7_200 });
  });

  it('rolls weight and health up from the tasks of an issue', async () => {
    const actor = userActor(reporter);
    const parent = await f.buildIssue({ project, author: reporter, title: 'Roll-up' });
    const child = (title: string, weight: number, healthStatus: string) =>
      t.services.workItems.create(actor, project, {
        typeId: 5,
        title,
        parentId: parent.issue.id,
        weight,
        healthStatus,
      });
    await child('Open A', 2, 'at_risk');
    await child('Open B', 1, 'on_track');
    const done = await child('Done', 3, 'at_risk');
    await t.services.issues.update(actor, done, { stateEvent: 'close' });
    const widget = await read(parent.issue.id);
    expect(widget('WEIGHT')).toMatchObject({ weight: null, rolledUpWeight: 6, rolledUpCompletedWeight: 3 });
    expect(widget('HEALTH_STATUS')).toEqual({
      type: 'HEALTH_STATUS',
      healthStatus: null,
      rolledUpHealthStatus: [
        { healthStatus: 'onTrack', count: 1 },
        { healthStatus: 'needsAttention', count: 0 },
        { healthStatus: 'atRisk', count: 1 },
      ],
    });
  });

  it('refuses links to hidden or missing items (and more than ten) without creating anything', async () => {
    const count = async () =>
      (
        await t.graphql<{ project: { issues: { count: number } } }>(
          '{ project(fullPath: "widgets/app") { issues { count } } }',
          {},
          { as: reporter },
        )
      ).data?.project.issues.count;
    const before = await count();
    const create = (ids: number[]) =>
      t.graphql<{ workItemCreate: { errors: string[]; workItem: unknown } }>(
        CREATE,
        {
          input: {
            namespacePath: 'widgets/app',
            title: 'Linked',
            workItemTypeId: TASK_TYPE,
            linkedItemsWidget: { workItemsIds: ids.map(gid) },
          },
        },
        { as: reporter },
      );
    const hidden = await create([hiddenIssueId]);
    const missing = await create([987_654]);
    expect(hidden.data?.workItemCreate).toEqual({
      errors: ['No matching work item found. Make sure that you are adding a valid work item ID.'],
      workItem: null,
    });
    expect(missing.data?.workItemCreate).toEqual(hidden.data?.workItemCreate);
    const tooMany = await create(Array.from({ length: 11 }, (_, i) => 900_000 + i));
    expect(tooMany.data?.workItemCreate.errors).toEqual(['No more than 10 work items can be linked at the same time.']);
    // A guest may open items but not link them.
    const byGuest = await t.graphql(
      CREATE,
      {
        input: {
          namespacePath: 'widgets/app',
          title: 'Guest link',
          workItemTypeId: TASK_TYPE,
          linkedItemsWidget: { workItemsIds: [gid(hiddenIssueId)] },
        },
      },
      { as: guest },
    );
    expect(byGuest.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    expect(await count()).toBe(before);
  });

  it('lists only the linked items the reader may see', async () => {
    const actor = userActor(reporter);
    const item = await f.buildIssue({ project, author: reporter, title: 'Has links' });
    const visible = await f.buildIssue({ project, author: reporter, title: 'Visible' });
    await t.services.issues.links.create(actor, item, visible);
    // An administrator links the item to an issue in a project the reporter cannot read.
    const admin = userActor(await t.buildUser({ admin: true }));
    const [hidden] = await t.services.issues.findByIds(admin, [hiddenIssueId]);
    if (!hidden) throw new Error('hidden issue not found');
    await t.services.issues.links.create(admin, item, hidden, 'blocks');
    const widget = await read(item.issue.id);
    expect(widget('LINKED_ITEMS')).toMatchObject({
      blockingCount: 0,
      linkedItems: { count: 1, nodes: [{ linkType: 'relates_to', workItem: { title: 'Visible' } }] },
    });
  });
});
