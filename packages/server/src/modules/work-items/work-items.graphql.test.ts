/**
 * Work items over GraphQL (decision 0036): the types, `workItem` with its widgets, tasks created
 * under an issue (the hierarchy and its counts), updates through the widgets, delete, and access.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

const TASK_TYPE = 'gid://gitlab/WorkItems::Type/5';
const ISSUE_TYPE = 'gid://gitlab/WorkItems::Type/1';

const CREATE = `mutation($input: WorkItemCreateInput!) {
  workItemCreate(input: $input) {
    errors
    workItem { id iid title state confidential webPath workItemType { name }
      userPermissions { updateWorkItem deleteWorkItem adminParentLink setWorkItemMetadata createNote adminWorkItemLink }
      widgets { type ... on WorkItemWidgetHierarchy { parent { id } } ... on WorkItemWidgetDescription { description } } }
  }
}`;

const READ = `query($id: ID!) {
  workItem(id: $id) {
    id title state
    workItemType { id name iconName }
    widgets {
      type
      ... on WorkItemWidgetDescription { description descriptionHtml taskCompletionStatus { count completedCount } }
      ... on WorkItemWidgetAssignees { assignees { nodes { username } } }
      ... on WorkItemWidgetLabels { labels { nodes { title } } }
      ... on WorkItemWidgetStartAndDueDate { startDate dueDate }
      ... on WorkItemWidgetHierarchy {
        hasChildren hasParent parent { id title }
        children { count nodes { id title state workItemType { name } } }
        rolledUpCountsByType { workItemType { name } countsByState { all opened closed } }
      }
    }
  }
}`;

type Widget = Record<string, unknown> & { type: string };
type Item = { id: string; title: string; state: string; widgets: Widget[] } & Record<string, unknown>;
const widget = (item: Item | null | undefined, type: string) => item?.widgets.find((w) => w.type === type);

describe('work items GraphQL', () => {
  let t: TestApp;
  let f: ReturnType<typeof issuesFactories>;
  let owner: UserRow;
  let reporter: UserRow;
  let outsider: UserRow;
  let group: GroupRow;
  let project: ProjectWithGroup;
  let other: ProjectWithGroup;

  beforeAll(async () => {
    t = await createTestApp();
    f = issuesFactories(t);
    owner = await t.buildUser();
    reporter = await t.buildUser({ username: 'rae' });
    outsider = await t.buildUser();
    group = await t.buildGroup({ path: 'wi', visibility: 'private', owner });
    await t.addGroupMember(group, reporter, 20);
    project = await t.buildProject({ group, path: 'app', visibility: 'private' });
    other = await t.buildProject({ group, path: 'other', visibility: 'private' });
  });

  it('lists the types with their widgets and child types', async () => {
    const res = await t.graphql<{ project: { workItemTypes: { nodes: Record<string, unknown>[] } } }>(
      `{ project(fullPath: "wi/app") { workItemTypes { nodes { id name iconName
          widgetDefinitions { type ... on WorkItemWidgetDefinitionHierarchy { allowedChildTypes { nodes { name } } } } } } } }`,
      {},
      { as: reporter },
    );
    const nodes = res.data?.project.workItemTypes.nodes ?? [];
    expect(nodes.map((n) => [n.id, n.name])).toEqual([
      ['gid://gitlab/WorkItems::Type/1', 'Issue'],
      ['gid://gitlab/WorkItems::Type/2', 'Incident'],
      [TASK_TYPE, 'Task'],
    ]);
    const hierarchy = ((nodes[0]?.widgetDefinitions ?? []) as Widget[]).find((d) => d.type === 'HIERARCHY');
    expect(hierarchy).toEqual({ type: 'HIERARCHY', allowedChildTypes: { nodes: [{ name: 'Task' }] } });
    const named = await t.graphql<{ project: { workItemTypes: { nodes: { name: string }[] } } }>(
      '{ project(fullPath: "wi/app") { workItemTypes(name: "TASK") { nodes { name } } } }',
      {},
      { as: reporter },
    );
    expect(named.data?.project.workItemTypes.nodes).toEqual([{ name: 'Task' }]);
  });

  it('creates a task under an issue (OPEN, all six permissions for its creator) and reads the hierarchy', async () => {
    const parent = await f.buildIssue({ project, title: 'Parent issue', author: reporter });
    const parentId = `gid://gitlab/WorkItem/${parent.issue.id}`;
    const created = await t.graphql<{ workItemCreate: { errors: string[]; workItem: Item } }>(
      CREATE,
      {
        input: {
          namespacePath: 'wi/app',
          title: 'Write the tests',
          workItemTypeId: TASK_TYPE,
          descriptionWidget: { description: '- [ ] unit\n- [x] e2e' },
          hierarchyWidget: { parentId },
        },
      },
      { as: reporter },
    );
    expect(created.errors).toBeUndefined();
    const task = created.data?.workItemCreate.workItem as Item;
    expect(created.data?.workItemCreate.errors).toEqual([]);
    expect(task).toMatchObject({
      title: 'Write the tests',
      state: 'OPEN',
      confidential: false,
      webPath: `/wi/app/-/work_items/${task.iid}`,
      workItemType: { name: 'Task' },
      userPermissions: {
        updateWorkItem: true,
        deleteWorkItem: true,
        adminParentLink: true,
        setWorkItemMetadata: true,
        createNote: true,
        adminWorkItemLink: true,
      },
    });
    expect(widget(task, 'HIERARCHY')).toEqual({ type: 'HIERARCHY', parent: { id: parentId } });

    const read = await t.graphql<{ workItem: Item }>(READ, { id: parentId }, { as: reporter });
    const hierarchy = widget(read.data?.workItem, 'HIERARCHY');
    expect(hierarchy).toMatchObject({
      hasChildren: true,
      hasParent: false,
      parent: null,
      children: {
        count: 1,
        nodes: [{ id: task.id, title: 'Write the tests', state: 'OPEN', workItemType: { name: 'Task' } }],
      },
      rolledUpCountsByType: [{ workItemType: { name: 'Task' }, countsByState: { all: 1, opened: 1, closed: 0 } }],
    });
    const taskRead = await t.graphql<{ workItem: Item }>(READ, { id: task.id }, { as: reporter });
    expect(widget(taskRead.data?.workItem, 'DESCRIPTION')).toMatchObject({
      description: '- [ ] unit\n- [x] e2e',
      taskCompletionStatus: { count: 2, completedCount: 1 },
    });
    expect(widget(taskRead.data?.workItem, 'HIERARCHY')).toMatchObject({
      hasParent: true,
      parent: { title: 'Parent issue' },
    });
  });

  it('updates through the widgets: title, state, description, assignees, due date, parent', async () => {
    const parent = await f.buildIssue({ project, title: 'Holder', author: reporter });
    const task = await t.services.workItems.create(userActor(reporter), project, { typeId: 5, title: 'Loose task' });
    const res = await t.graphql<{ workItemUpdate: { errors: string[]; workItem: Item } }>(
      `mutation($input: WorkItemUpdateInput!) { workItemUpdate(input: $input) { errors workItem { id } } }`,
      {
        input: {
          id: `gid://gitlab/WorkItem/${task.issue.id}`,
          title: 'Tied task',
          stateEvent: 'CLOSE',
          descriptionWidget: { description: 'Done when green' },
          assigneesWidget: { assigneeIds: [`gid://gitlab/User/${reporter.id}`] },
          startAndDueDateWidget: { dueDate: '2026-12-24' },
          hierarchyWidget: { parentId: `gid://gitlab/WorkItem/${parent.issue.id}` },
        },
      },
      { as: reporter },
    );
    expect(res.data?.workItemUpdate.errors).toEqual([]);
    const read = await t.graphql<{ workItem: Item }>(
      READ,
      { id: `gid://gitlab/WorkItem/${task.issue.id}` },
      { as: reporter },
    );
    const item = read.data?.workItem;
    expect(item).toMatchObject({ title: 'Tied task', state: 'CLOSED' });
    expect(widget(item, 'DESCRIPTION')).toMatchObject({ description: 'Done when green' });
    expect(widget(item, 'ASSIGNEES')).toMatchObject({ assignees: { nodes: [{ username: 'rae' }] } });
    expect(widget(item, 'START_AND_DUE_DATE')).toMatchObject({ startDate: null, dueDate: '2026-12-24' });
    expect(widget(item, 'HIERARCHY')).toMatchObject({ parent: { title: 'Holder' } });
    const parentRead = await t.graphql<{ workItem: Item }>(
      READ,
      { id: `gid://gitlab/WorkItem/${parent.issue.id}` },
      { as: reporter },
    );
    expect(widget(parentRead.data?.workItem, 'HIERARCHY')).toMatchObject({
      rolledUpCountsByType: [{ countsByState: { all: 1, opened: 0, closed: 1 } }],
    });

    const detached = await t.graphql<{ workItemUpdate: { errors: string[] } }>(
      `mutation($input: WorkItemUpdateInput!) { workItemUpdate(input: $input) { errors } }`,
      { input: { id: `gid://gitlab/WorkItem/${task.issue.id}`, hierarchyWidget: { parentId: null } } },
      { as: reporter },
    );
    expect(detached.data?.workItemUpdate.errors).toEqual([]);
    const again = await t.graphql<{ workItem: Item }>(
      READ,
      { id: `gid://gitlab/WorkItem/${task.issue.id}` },
      { as: reporter },
    );
    expect(widget(again.data?.workItem, 'HIERARCHY')).toMatchObject({ hasParent: false, parent: null });
  });

  it.each([
    ['a task as parent', 'task', "Task cannot be added: it's not allowed to add this type of parent item."],
    [
      'a parent in another project',
      'other',
      'Task cannot be added: parent must be in the same project as the child item.',
    ],
    [
      'a parent that does not exist',
      'missing',
      'No matching work item found. Make sure that you are adding a valid work item ID.',
    ],
  ])('refuses %s and creates nothing', async (_name, kind, message) => {
    const actor = userActor(reporter);
    const parentId =
      kind === 'task'
        ? (await t.services.workItems.create(actor, project, { typeId: 5, title: 'A task' })).issue.id
        : kind === 'other'
          ? (await f.buildIssue({ project: other, author: reporter })).issue.id
          : 999_999;
    const before = await t.graphql<{ project: { issues: { count: number } } }>(
      '{ project(fullPath: "wi/app") { issues { count } } }',
      {},
      { as: reporter },
    );
    const res = await t.graphql<{ workItemCreate: { errors: string[]; workItem: Item | null } }>(
      CREATE,
      {
        input: {
          namespacePath: 'wi/app',
          title: 'Orphan',
          workItemTypeId: TASK_TYPE,
          hierarchyWidget: { parentId: `gid://gitlab/WorkItem/${parentId}` },
        },
      },
      { as: reporter },
    );
    expect(res.data?.workItemCreate).toEqual({ errors: [message], workItem: null });
    const after = await t.graphql<{ project: { issues: { count: number } } }>(
      '{ project(fullPath: "wi/app") { issues { count } } }',
      {},
      { as: reporter },
    );
    expect(after.data?.project.issues.count).toBe(before.data?.project.issues.count);
  });

  it('answers a clear error for both or neither project path, and an unknown type', async () => {
    const both = await t.graphql(
      CREATE,
      {
        input: { namespacePath: 'wi/app', projectPath: 'wi/app', title: 'x', workItemTypeId: ISSUE_TYPE },
      },
      { as: reporter },
    );
    expect(both.errors?.[0]?.message).toBe(
      'Please provide either projectPath or namespacePath argument, but not both.',
    );
    const badType = await t.graphql<{ workItemCreate: { errors: string[] } }>(
      CREATE,
      { input: { namespacePath: 'wi/app', title: 'x', workItemTypeId: 'gid://gitlab/WorkItems::Type/8' } },
      { as: reporter },
    );
    expect(badType.data?.workItemCreate.errors).toEqual(['Work item type is invalid']);
  });

  it('hides work items from outsiders exactly like missing ones; deletes for the author and owners', async () => {
    const issue = await f.buildIssue({ project, title: 'Secret plan', author: owner });
    const id = `gid://gitlab/WorkItem/${issue.issue.id}`;
    expect((await t.graphql<{ workItem: Item | null }>(READ, { id }, { as: outsider })).data?.workItem).toBeNull();
    expect(
      (await t.graphql<{ workItem: Item | null }>(READ, { id: 'gid://gitlab/WorkItem/987654' }, { as: outsider })).data
        ?.workItem,
    ).toBeNull();
    const DELETE = 'mutation($id: ID!) { workItemDelete(input: { id: $id }) { errors project { fullPath } } }';
    const denied = await t.graphql(DELETE, { id }, { as: reporter });
    expect(denied.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    const deleted = await t.graphql<{ workItemDelete: { errors: string[]; project: { fullPath: string } } }>(
      DELETE,
      { id },
      { as: owner },
    );
    expect(deleted.data?.workItemDelete).toEqual({ errors: [], project: { fullPath: 'wi/app' } });
    expect((await t.graphql<{ workItem: Item | null }>(READ, { id }, { as: owner })).data?.workItem).toBeNull();
  });

  it('reads a work item of a project by iid, with its page address', async () => {
    const issue = await f.buildIssue({ project, title: 'By iid', author: reporter });
    const res = await t.graphql<{ project: { workItem: { title: string; webUrl: string } } }>(
      `{ project(fullPath: "wi/app") { workItem(iid: "${issue.issue.iid}") { title webUrl } } }`,
      {},
      { as: reporter },
    );
    expect(res.data?.project.workItem).toEqual({
      title: 'By iid',
      webUrl: `http://milepost.test/wi/app/-/work_items/${issue.issue.iid}`,
    });
    const status = (path: string, user: UserRow) => t.services.webPages.pageStatus(userActor(user), path);
    expect(await status(`/wi/app/-/work_items/${issue.issue.iid}`, reporter)).toBe('ok');
    expect(await status('/wi/app/-/work_items/9999', reporter)).toBe('not-found');
    expect(await status(`/wi/app/-/work_items/${issue.issue.iid}`, outsider)).toBe('not-found');
  });
});
