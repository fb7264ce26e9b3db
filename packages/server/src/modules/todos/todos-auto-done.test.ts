/**
 * GitLab's automatic 'done' over real REST and GraphQL requests: the user's own pending to-dos on an
 * issue or epic are done when they act on it (comment, close, edit the title or description,
 * change assignees, milestone or labels, react), never when someone else does; users removed from
 * the assignees lose their pending `assigned` to-do there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

type TodoEntity = { id: number; action_name: string; state: string; target: { iid: number } };

describe('to-dos done when their user acts on the target', () => {
  let t: TestApp;
  let group: GroupRow;
  let project: ProjectWithGroup;
  let alice: UserRow;
  let bob: UserRow;

  const issuesUrl = () => `/api/v4/projects/${project.project.id}/issues`;

  async function createIssue(payload: Record<string, unknown>) {
    const res = await t.request({ method: 'POST', url: issuesUrl(), payload, as: alice });
    expect(res.statusCode).toBe(201);
    return res.json<{ iid: number }>();
  }

  /** Bob's to-dos on the issue with this iid, in one state. */
  async function bobsTodos(iid: number, state: 'pending' | 'done') {
    const res = await t.request({ method: 'GET', url: `/api/v4/todos?state=${state}&type=Issue`, as: bob });
    expect(res.statusCode).toBe(200);
    return res.json<TodoEntity[]>().filter((todo) => todo.target.iid === iid);
  }

  async function assignedToBob(title: string) {
    const issue = await createIssue({ title, assignee_ids: [bob.id] });
    expect((await bobsTodos(issue.iid, 'pending')).map((todo) => todo.action_name)).toEqual(['assigned']);
    return issue;
  }

  async function put(iid: number, payload: Record<string, unknown>, as: UserRow) {
    const res = await t.request({ method: 'PUT', url: `${issuesUrl()}/${iid}`, payload, as });
    expect(res.statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.buildUser({ username: 'done-alice' });
    bob = await t.buildUser({ username: 'done-bob' });
    group = await t.buildGroup({ visibility: 'private', path: 'done-group' });
    await t.addGroupMember(group, alice, 40);
    await t.addGroupMember(group, bob, 30);
    project = await t.buildProject({ group, visibility: 'private', path: 'done-project' });
  });

  it('commenting marks the commenter’s pending to-do done; another user’s comment does not', async () => {
    const issue = await assignedToBob('Comment on it');
    const notes = `${issuesUrl()}/${issue.iid}/notes`;
    await t.request({ method: 'POST', url: notes, payload: { body: 'Alice says hi' }, as: alice });
    expect(await bobsTodos(issue.iid, 'pending')).toHaveLength(1);
    const res = await t.request({ method: 'POST', url: notes, payload: { body: 'On it' }, as: bob });
    expect(res.statusCode).toBe(201);
    expect(await bobsTodos(issue.iid, 'pending')).toEqual([]);
    expect((await bobsTodos(issue.iid, 'done')).map((todo) => todo.action_name)).toEqual(['assigned']);
  });

  it('closing, editing the title and changing labels or the milestone count; a weight change does not', async () => {
    const closing = await assignedToBob('Close it');
    await put(closing.iid, { state_event: 'close' }, bob);
    expect(await bobsTodos(closing.iid, 'pending')).toEqual([]);

    const weighed = await assignedToBob('Weigh it');
    await put(weighed.iid, { weight: 3 }, bob);
    expect(await bobsTodos(weighed.iid, 'pending')).toHaveLength(1);
    await put(weighed.iid, { title: 'Weigh it (renamed)' }, bob);
    expect(await bobsTodos(weighed.iid, 'pending')).toEqual([]);

    const labelled = await assignedToBob('Label it');
    // The same labels as before are no change.
    await put(labelled.iid, { labels: '' }, bob);
    expect(await bobsTodos(labelled.iid, 'pending')).toHaveLength(1);
    await put(labelled.iid, { add_labels: 'done-label' }, bob);
    expect(await bobsTodos(labelled.iid, 'pending')).toEqual([]);

    const milestone = (
      await t.request({
        method: 'POST',
        url: `/api/v4/projects/${project.project.id}/milestones`,
        payload: { title: 'Done milestone' },
        as: alice,
      })
    ).json<{ id: number }>();
    const planned = await assignedToBob('Plan it');
    await put(planned.iid, { milestone_id: milestone.id }, bob);
    expect(await bobsTodos(planned.iid, 'pending')).toEqual([]);

    // Alice closing an issue leaves Bob's to-do pending.
    const other = await assignedToBob('Closed by Alice');
    await put(other.iid, { state_event: 'close' }, alice);
    expect(await bobsTodos(other.iid, 'pending')).toHaveLength(1);
  });

  it('an emoji reaction counts; being unassigned by someone else marks the `assigned` to-do done', async () => {
    const reacted = await assignedToBob('React to it');
    const award = await t.request({
      method: 'POST',
      url: `${issuesUrl()}/${reacted.iid}/award_emoji`,
      payload: { name: 'thumbsup' },
      as: bob,
    });
    expect(award.statusCode).toBe(201);
    expect(await bobsTodos(reacted.iid, 'pending')).toEqual([]);

    const unassigned = await assignedToBob('Unassign Bob');
    await put(unassigned.iid, { assignee_ids: [alice.id] }, alice);
    expect(await bobsTodos(unassigned.iid, 'pending')).toEqual([]);
    expect((await bobsTodos(unassigned.iid, 'done')).map((todo) => todo.action_name)).toEqual(['assigned']);
  });

  it('a comment that mentions its own author leaves a fresh pending to-do (done first, then made)', async () => {
    const issue = await assignedToBob('Remind me');
    const notes = `${issuesUrl()}/${issue.iid}/notes`;
    await t.request({ method: 'POST', url: notes, payload: { body: '@done-bob remember this' }, as: bob });
    expect((await bobsTodos(issue.iid, 'pending')).map((todo) => todo.action_name)).toEqual(['directly_addressed']);
    expect((await bobsTodos(issue.iid, 'done')).map((todo) => todo.action_name)).toEqual(['assigned']);
  });

  it('epics: editing the description or closing marks the editor’s to-do done (GraphQL reads it)', async () => {
    const epic = (
      await t.request({
        method: 'POST',
        url: `/api/v4/groups/${group.id}/epics`,
        payload: { title: 'Epic to act on', description: '@done-bob please look' },
        as: alice,
      })
    ).json<{ iid: number }>();
    const query = `query($path: ID!, $iid: ID!) { group(fullPath: $path) { epic(iid: $iid) { currentUserTodos(state: pending) { nodes { action } } } } }`;
    const pending = async () => {
      const res = await t.graphql<{ group: { epic: { currentUserTodos: { nodes: { action: string }[] } } } }>(
        query,
        { path: group.fullPath, iid: String(epic.iid) },
        { as: bob },
      );
      expect(res.errors).toBeUndefined();
      return res.data?.group.epic.currentUserTodos.nodes.map((n) => n.action);
    };
    expect(await pending()).toEqual(['directly_addressed']);
    const url = `/api/v4/groups/${group.id}/epics/${epic.iid}`;
    expect((await t.request({ method: 'PUT', url, payload: { confidential: false }, as: bob })).statusCode).toBe(200);
    expect(await pending()).toEqual(['directly_addressed']);
    expect((await t.request({ method: 'PUT', url, payload: { state_event: 'close' }, as: bob })).statusCode).toBe(200);
    expect(await pending()).toEqual([]);
  });
});
