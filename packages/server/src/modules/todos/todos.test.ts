/**
 * To-dos end to end over real GraphQL and REST against PostgreSQL: what makes them (assignment,
 * mentions, direct addresses, 'Add a to-do'), GitLab's REST shapes and statuses, marking done,
 * all at once and undoing, the filters, and that a to-do on something its user can no longer read
 * disappears.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import { membersRepository } from '../members/members.repository.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

type TodoEntity = {
  id: number;
  action_name: string;
  target_type: string;
  state: string;
  body: string;
  target_url: string;
  author: { username: string };
  target: { iid: number; title: string };
  project?: { id: number; name_with_namespace: string };
  group?: { id: number; full_path: string };
};

const TODOS_QUERY = `query($state: [TodoStateEnum!], $action: [TodoActionEnum!], $type: [TodoTargetEnum!], $projectId: [ID!], $groupId: [ID!], $authorId: [ID!]) {
  currentUser { todos(state: $state, action: $action, type: $type, projectId: $projectId, groupId: $groupId, authorId: $authorId) {
    count
    nodes { id action state body targetType targetUrl author { username } project { fullPath } group { fullPath }
      target { webUrl ... on Issue { iid issueTitle: title } ... on Epic { iid epicTitle: title } } }
  } }
}`;

type TodoNodeResult = {
  id: string;
  action: string;
  state: string;
  body: string;
  targetType: string;
  targetUrl: string;
  author: { username: string } | null;
  project: { fullPath: string } | null;
  group: { fullPath: string } | null;
  target: { webUrl: string; iid: string | number; title: string };
};

describe('to-dos', () => {
  let t: TestApp;
  let group: GroupRow;
  let project: ProjectWithGroup;
  let alice: UserRow; // reporter of the private group, who writes
  let bob: UserRow; // developer, who is assigned and mentioned
  let carol: UserRow; // guest: no internal notes, no confidential issues
  let outsider: UserRow; // no access at all

  async function todosOf(user: UserRow, variables: Record<string, unknown> = {}) {
    const res = await t.graphql<{ currentUser: { todos: { count: number; nodes: TodoNodeResult[] } } }>(
      TODOS_QUERY,
      variables,
      { as: user },
    );
    expect(res.errors).toBeUndefined();
    const todos = res.data?.currentUser.todos ?? { count: 0, nodes: [] };
    // The target's title, whichever type it is (the two `title` fields differ in nullability).
    for (const node of todos.nodes) {
      const target = node.target as TodoNodeResult['target'] & { issueTitle?: string; epicTitle?: string };
      target.title = target.issueTitle ?? target.epicTitle ?? '';
    }
    return todos;
  }

  async function createIssue(as: UserRow, payload: Record<string, unknown>) {
    const res = await t.request({ method: 'POST', url: `/api/v4/projects/${project.project.id}/issues`, payload, as });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number; iid: number }>();
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.buildUser({ username: 'todo-alice', name: 'Alice Todo' });
    bob = await t.buildUser({ username: 'todo-bob', name: 'Bob Todo' });
    carol = await t.buildUser({ username: 'todo-carol' });
    outsider = await t.buildUser({ username: 'todo-outsider' });
    group = await t.buildGroup({ visibility: 'private', path: 'todo-group' });
    await t.addGroupMember(group, alice, 20);
    await t.addGroupMember(group, bob, 30);
    await t.addGroupMember(group, carol, 10);
    project = await t.buildProject({ group, visibility: 'private', path: 'todo-project' });
  });

  it('assigning makes an `assigned` to-do for the assignee, in GitLab’s REST shape', async () => {
    const issue = await createIssue(alice, { title: 'Assigned work', assignee_ids: [bob.id] });
    const res = await t.request({ method: 'GET', url: '/api/v4/todos', as: bob });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const [todo] = res.json<TodoEntity[]>();
    expect(todo).toMatchObject({
      action_name: 'assigned',
      target_type: 'Issue',
      state: 'pending',
      body: 'Assigned work',
      author: { username: 'todo-alice' },
      target: { iid: issue.iid, title: 'Assigned work' },
      target_url: `${TEST_BASE_URL}/todo-group/todo-project/-/issues/${issue.iid}`,
      project: { id: project.project.id, name_with_namespace: 'todo-group / todo-project' },
    });
    expect(Object.keys(todo ?? {})).toEqual([
      'id',
      'project',
      'author',
      'action_name',
      'target_type',
      'target',
      'target_url',
      'body',
      'state',
      'created_at',
      'updated_at',
    ]);
    expect(res.headers['x-total']).toBe('1');
    // Alice assigned someone else: nothing for her.
    expect((await todosOf(alice)).count).toBe(0);
  });

  it('a comment makes `directly_addressed` and `mentioned` to-dos for readers only, once per pending target', async () => {
    const issue = await createIssue(alice, { title: 'Discuss' });
    const notes = `/api/v4/projects/${project.project.id}/issues/${issue.iid}/notes`;
    const body = '@todo-bob What do you think? cc: @todo-carol and @todo-outsider\n\n`@todo-alice` in code';
    expect((await t.request({ method: 'POST', url: notes, payload: { body }, as: alice })).statusCode).toBe(201);
    const bobs = (await todosOf(bob)).nodes.filter((n) => n.target.title === 'Discuss');
    expect(bobs.map((n) => [n.action, n.body])).toEqual([['directly_addressed', body]]);
    expect(bobs[0]?.targetUrl).toMatch(/#note_\d+$/);
    const carols = (await todosOf(carol)).nodes.filter((n) => n.target.title === 'Discuss');
    expect(carols.map((n) => n.action)).toEqual(['mentioned']);
    expect((await todosOf(outsider)).count).toBe(0);
    expect((await todosOf(alice)).count).toBe(0);

    // A second mention while Bob's to-do is pending makes no second one.
    await t.request({ method: 'POST', url: notes, payload: { body: 'again @todo-bob' }, as: alice });
    expect((await todosOf(bob)).nodes.filter((n) => n.target.title === 'Discuss')).toHaveLength(1);

    // An internal note reaches only those who may read internal notes (Reporter+): not Carol (Guest).
    await t.request({
      method: 'POST',
      url: notes,
      payload: { body: 'internal @todo-carol', internal: true },
      as: alice,
    });
    await t.request({ method: 'POST', url: '/api/v4/todos/mark_as_done', as: carol });
    await t.request({
      method: 'POST',
      url: notes,
      payload: { body: 'internal @todo-carol', internal: true },
      as: alice,
    });
    expect((await todosOf(carol)).count).toBe(0);
  });

  it('editing a description makes to-dos only for newly mentioned users; epics too', async () => {
    const issue = await createIssue(alice, { title: 'Described', description: 'hi @todo-carol' });
    await t.request({ method: 'POST', url: '/api/v4/todos/mark_as_done', as: carol });
    const url = `/api/v4/projects/${project.project.id}/issues/${issue.iid}`;
    await t.request({ method: 'PUT', url, payload: { description: 'hi @todo-carol and @todo-bob' }, as: alice });
    expect((await todosOf(carol)).count).toBe(0);
    const bobs = (await todosOf(bob)).nodes.filter((n) => n.target.title === 'Described');
    expect(bobs.map((n) => n.action)).toEqual(['mentioned']);

    const epic = await t.request({
      method: 'POST',
      url: `/api/v4/groups/${group.id}/epics`,
      payload: { title: 'Big plan', description: '@todo-bob please plan this' },
      as: alice,
    });
    expect(epic.statusCode).toBe(201);
    const epicTodos = await todosOf(bob, { type: ['EPIC'] });
    expect(epicTodos.nodes.map((n) => [n.action, n.targetType, n.group?.fullPath, n.target.title])).toEqual([
      ['directly_addressed', 'EPIC', 'todo-group', 'Big plan'],
    ]);
  });

  it("adds one by hand on issues and epics (201, then 304 while pending), as REST's …/todo", async () => {
    const issue = await createIssue(alice, { title: 'Mine' });
    const url = `/api/v4/projects/${project.project.id}/issues/${issue.iid}/todo`;
    const first = await t.request({ method: 'POST', url, as: alice });
    expect(first.statusCode).toBe(201);
    expect(first.json<TodoEntity>()).toMatchObject({ action_name: 'marked', state: 'pending', target_type: 'Issue' });
    const again = await t.request({ method: 'POST', url, as: alice });
    expect([again.statusCode, again.body]).toEqual([304, '']);

    const epic = (
      await t.request({
        method: 'POST',
        url: `/api/v4/groups/${group.id}/epics`,
        payload: { title: 'Epic todo' },
        as: alice,
      })
    ).json<{ iid: number }>();
    const epicTodo = await t.request({
      method: 'POST',
      url: `/api/v4/groups/${group.id}/epics/${epic.iid}/todo`,
      as: alice,
    });
    expect(epicTodo.statusCode).toBe(201);
    const entity = epicTodo.json<TodoEntity>();
    expect(entity).toMatchObject({ target_type: 'Epic', group: { id: group.id, full_path: 'todo-group' } });
    expect(entity.project).toBeUndefined();
    // gitbeaker's path (`…/todos`) answers the same.
    const gitbeaker = await t.request({
      method: 'POST',
      url: `/api/v4/groups/${group.id}/epics/${epic.iid}/todos`,
      as: alice,
    });
    expect(gitbeaker.statusCode).toBe(304);

    // Hidden and missing targets are the same 404; signed out is 401.
    expect((await t.request({ method: 'POST', url, as: outsider })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: `/api/v4/projects/${project.project.id}/issues/999/todo`, as: alice }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/v4/todos' })).statusCode).toBe(401);
  });

  it('marks done, all at once, and undoes over GraphQL and REST', async () => {
    const user = await t.buildUser();
    await t.addGroupMember(group, user, 30);
    for (const title of ['One', 'Two', 'Three']) await createIssue(alice, { title, assignee_ids: [user.id] });
    const before = await todosOf(user);
    expect(before.nodes.map((n) => n.target.title)).toEqual(['Three', 'Two', 'One']);

    const id = Number(before.nodes[0]?.id.split('/').pop());
    const done = await t.request({ method: 'POST', url: `/api/v4/todos/${id}/mark_as_done`, as: user });
    expect(done.statusCode).toBe(201);
    expect(done.json<TodoEntity>()).toMatchObject({ id, state: 'done' });
    expect((await todosOf(user)).count).toBe(2);
    expect((await todosOf(user, { state: ['done'] })).nodes.map((n) => n.target.title)).toEqual(['Three']);

    const restored = await t.graphql<{ todoRestore: { todo: { state: string }; errors: string[] } }>(
      'mutation($id: ID!) { todoRestore(input: { id: $id }) { todo { state } errors } }',
      { id: `gid://gitlab/Todo/${id}` },
      { as: user },
    );
    expect(restored.data?.todoRestore).toEqual({ todo: { state: 'pending' }, errors: [] });

    const all = await t.graphql<{ todosMarkAllDone: { todos: { id: string; state: string }[]; errors: string[] } }>(
      'mutation { todosMarkAllDone(input: {}) { todos { id state } errors } }',
      {},
      { as: user },
    );
    expect(all.data?.todosMarkAllDone.todos.map((x) => x.state)).toEqual(['done', 'done', 'done']);
    expect((await todosOf(user)).count).toBe(0);
    const undo = await t.graphql<{ todoRestoreMany: { todos: { state: string }[] } }>(
      'mutation($ids: [ID!]!) { todoRestoreMany(input: { ids: $ids }) { todos { state } } }',
      { ids: all.data?.todosMarkAllDone.todos.map((x) => x.id) },
      { as: user },
    );
    expect(undo.data?.todoRestoreMany.todos).toHaveLength(3);
    expect((await todosOf(user)).count).toBe(3);

    const rest = await t.request({ method: 'POST', url: '/api/v4/todos/mark_as_done', as: user });
    expect([rest.statusCode, rest.body]).toEqual([204, '']);
    expect((await todosOf(user)).count).toBe(0);

    // Someone else's to-do is missing, not forbidden.
    const other = await t.request({ method: 'POST', url: `/api/v4/todos/${id}/mark_as_done`, as: bob });
    expect([other.statusCode, other.json()]).toEqual([404, { message: '404 Todo Not Found' }]);
    const otherGql = await t.graphql(
      'mutation($id: ID!) { todoMarkDone(input: { id: $id }) { todo { id } errors } }',
      { id: `gid://gitlab/Todo/${id}` },
      { as: bob },
    );
    expect(otherGql.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
  });

  it('filters by action, type, project, group, author and state; refuses unknown values', async () => {
    const user = await t.buildUser();
    await t.addGroupMember(group, user, 30);
    await createIssue(alice, { title: 'Filter me', assignee_ids: [user.id] });
    const other = await t.buildGroup({ visibility: 'public', path: 'todo-other' });
    const otherProject = await t.buildProject({ group: other, path: 'elsewhere' });
    const res = await t.request({
      method: 'POST',
      url: `/api/v4/projects/${otherProject.project.id}/issues`,
      payload: { title: 'Elsewhere' },
      as: user,
    });
    await t.request({
      method: 'POST',
      url: `/api/v4/projects/${otherProject.project.id}/issues/${res.json<{ iid: number }>().iid}/todo`,
      as: user,
    });

    const titles = async (query: string) =>
      (await t.request({ method: 'GET', url: `/api/v4/todos?${query}`, as: user }))
        .json<TodoEntity[]>()
        .map((x) => x.target.title);
    expect(await titles('action=marked')).toEqual(['Elsewhere']);
    expect(await titles('action=assigned')).toEqual(['Filter me']);
    expect(await titles(`project_id=${project.project.id}`)).toEqual(['Filter me']);
    expect(await titles(`group_id=${other.id}`)).toEqual(['Elsewhere']);
    expect(await titles(`author_id=${alice.id}`)).toEqual(['Filter me']);
    expect(await titles('type=Epic')).toEqual([]);
    expect(await titles('type=MergeRequest')).toEqual([]);
    expect(await titles('state=done')).toEqual([]);
    const page = await t.request({ method: 'GET', url: '/api/v4/todos?per_page=1', as: user });
    expect([page.headers['x-total'], page.headers['x-next-page'], page.json<unknown[]>().length]).toEqual([
      '2',
      '2',
      1,
    ]);
    const bad = await t.request({ method: 'GET', url: '/api/v4/todos?action=nope', as: user });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: 'action does not have a valid value' }]);
    const gql = await todosOf(user, { groupId: [String(group.id)], action: ['assigned'] });
    expect(gql.nodes.map((n) => n.target.title)).toEqual(['Filter me']);
  });

  it('a to-do on something its user can no longer read disappears from the list, the count and the actions', async () => {
    const user = await t.buildUser();
    const member = await t.addGroupMember(group, user, 30);
    await createIssue(alice, { title: 'Soon hidden', assignee_ids: [user.id] });
    const [todo] = (await todosOf(user)).nodes;
    expect(todo?.target.title).toBe('Soon hidden');
    await membersRepository(t.database.db).delete(member.id);
    expect((await todosOf(user)).count).toBe(0);
    const rest = await t.request({ method: 'GET', url: '/api/v4/todos', as: user });
    expect([rest.headers['x-total'], rest.json()]).toEqual(['0', []]);
    const id = Number(todo?.id.split('/').pop());
    expect((await t.request({ method: 'POST', url: `/api/v4/todos/${id}/mark_as_done`, as: user })).statusCode).toBe(
      404,
    );
  });

  it('Issue.currentUserTodos and todoCreate drive the sidebar button', async () => {
    const issue = await createIssue(alice, { title: 'Sidebar' });
    const query = `query { project(fullPath: "todo-group/todo-project") { issue(iid: "${issue.iid}") { id imported importedFrom currentUserTodos(state: pending) { nodes { id action } } } } }`;
    type Q = {
      project: {
        issue: { id: string; imported: boolean; importedFrom: string; currentUserTodos: { nodes: { id: string }[] } };
      };
    };
    const before = await t.graphql<Q>(query, {}, { as: bob });
    expect(before.data?.project.issue).toMatchObject({
      imported: false,
      importedFrom: 'NONE',
      currentUserTodos: { nodes: [] },
    });
    const created = await t.graphql<{
      todoCreate: { todo: { id: string; action: string; target: { webUrl: string } } };
    }>(
      'mutation($id: ID!) { todoCreate(input: { targetId: $id }) { todo { id action target { webUrl } } errors } }',
      { id: before.data?.project.issue.id },
      { as: bob },
    );
    expect(created.data?.todoCreate.todo).toMatchObject({
      action: 'marked',
      target: { webUrl: `${TEST_BASE_URL}/todo-group/todo-project/-/issues/${issue.iid}` },
    });
    const after = await t.graphql<Q>(query, {}, { as: bob });
    expect(after.data?.project.issue.currentUserTodos.nodes.map((n) => n.id)).toEqual([
      created.data?.todoCreate.todo.id,
    ]);
    const hidden = await t.graphql(
      'mutation($id: ID!) { todoCreate(input: { targetId: $id }) { todo { id } errors } }',
      { id: before.data?.project.issue.id },
      { as: outsider },
    );
    expect(hidden.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
  });
});
