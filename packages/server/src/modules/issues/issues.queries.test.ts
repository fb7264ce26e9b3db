/** N+1 guard: a page of issues with their common nested fields costs the same queries at any size. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('issue lists are batched', () => {
  let t: TestApp;
  let viewer: UserRow;
  let queries = 0;
  const original = pg.Client.prototype.query;

  beforeAll(async () => {
    t = await createTestApp();
    const f = issuesFactories(t);
    const lm = labelsMilestonesFactories(t);
    viewer = await t.buildUser();
    const group = await t.buildGroup({ path: 'nq', visibility: 'public' });
    await t.addGroupMember(group, viewer, 20);
    const project = await t.buildProject({ group, path: 'app' });
    const labels = [await lm.buildLabel({ group, title: 'a' }), await lm.buildLabel({ group, title: 'b' })];
    const milestone = await lm.buildMilestone({ group, title: 'M' });
    const epic = await epicsFactories(t).buildEpic({ group, title: 'E' });
    let previous: Awaited<ReturnType<typeof f.buildIssue>> | undefined;
    for (let i = 0; i < 110; i += 1) {
      const issue = await f.buildIssue({
        project,
        labelIds: labels.map((l) => l.id),
        milestoneId: milestone.id,
        assigneeIds: [viewer.id],
        confidential: i % 7 === 0,
        epic: i % 2 === 0 ? epic : undefined,
      });
      if (previous && i % 3 === 0) await f.linkIssues(previous, issue, 'blocks');
      previous = issue;
    }
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      queries += 1;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
  }, 120_000);

  afterAll(() => {
    pg.Client.prototype.query = original;
  });

  const query = `query($first: Int) { project(fullPath: "nq/app") { issues(first: $first) { count nodes {
    id iid title state confidential weight dueDate healthStatus blocked blockedByCount blockingCount upvotes subscribed
    reference(full: true) webUrl author { username } assignees { nodes { username } } labels { nodes { title color } }
    milestone { title dueDate } epic { id title } userPermissions { updateIssue adminIssue } participants { nodes { id } }
    awardEmoji { nodes { name } } taskCompletionStatus { count } project { fullPath }
  } } } }`;

  async function cost(first: number) {
    await t.authHeaders(viewer);
    queries = 0;
    const res = await t.graphql<{ project: { issues: { nodes: unknown[] } } }>(query, { first }, { as: viewer });
    expect(res.errors).toBeUndefined();
    return { queries, nodes: res.data?.project.issues.nodes.length };
  }

  it('costs a bounded number of SQL queries for 10 or 100 issues', async () => {
    await cost(1); // the token's first use also records `last_used_at`
    const small = await cost(10);
    const large = await cost(100);
    expect(small.nodes).toBe(10);
    expect(large.nodes).toBe(100);
    expect(large.queries).toBe(small.queries);
    expect(large.queries).toBeLessThan(30);
  });

  it('costs a bounded number of SQL queries over REST too', async () => {
    const count = async (perPage: number) => {
      queries = 0;
      const res = await t.request({
        method: 'GET',
        url: `/api/v4/projects/nq%2Fapp/issues?per_page=${perPage}`,
        as: viewer,
      });
      expect(res.json<unknown[]>()).toHaveLength(perPage);
      return queries;
    };
    await t.authHeaders(viewer);
    expect(await count(100)).toBe(await count(5));
  });
});
