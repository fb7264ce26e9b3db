/**
 * The warm-up after start (app.ts `warmUp`, decision 0066): it opens the pool's connections, its
 * requests are valid and answered (a public group's epics, a public project's issues), it changes
 * nothing, and the server answers meanwhile.
 */
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { WARM_UP_DOCUMENTS, warmUp } from './app.ts';
import { epicsFactories } from './test/epics-factories.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('the warm-up', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const group = await t.buildGroup({ path: 'warm' });
    const project = await t.buildProject({ group, path: 'site' });
    const { buildEpic, buildIssue } = epicsFactories(t);
    await buildEpic({ group, title: 'Warm epic' });
    await buildIssue({ project, title: 'Warm issue' });
  });

  it("runs the common requests without an error, opens the pool's connections and changes nothing", async () => {
    const count = async () =>
      (
        await t.database.pool.query(
          `SELECT (SELECT count(*) FROM epics) + (SELECT count(*) FROM issues) + (SELECT count(*) FROM sessions) AS n`,
        )
      ).rows[0].n;
    const before = await count();
    const warming = warmUp(t.app, t.database, 4);
    // The server answers while it warms up.
    const readiness = await t.request({ method: 'GET', url: '/-/readiness' });
    expect(readiness.statusCode).toBe(200);
    const result = await warming;
    expect(result.failed).toEqual([]);
    expect(result.stopped).toBe(false);
    expect(result.opened).toBe(4);
    expect(result.ms).toBeGreaterThan(0);
    expect(t.database.pool.totalCount).toBeGreaterThanOrEqual(4);
    expect(await count()).toBe(before);
  });

  it("asks for a public group's epics and a public project's issues", async () => {
    const found = await t.graphql<{
      groups: { nodes: { fullPath: string }[] };
      projects: { nodes: { fullPath: string }[] };
    }>(WARM_UP_DOCUMENTS.find);
    expect(found.data).toEqual({
      groups: { nodes: [{ fullPath: 'warm' }] },
      projects: { nodes: [{ fullPath: 'warm/site' }] },
    });
    const lists = await t.graphql(WARM_UP_DOCUMENTS.lists, { group: 'warm', project: 'warm/site' });
    expect(lists.errors).toBeUndefined();
    expect(JSON.stringify(lists.data)).toContain('Warm epic');
    expect(JSON.stringify(lists.data)).toContain('Warm issue');
  });

  it('stops after its request under way when the stop is asked for, and not at all once asked', async () => {
    const stop = new AbortController();
    const asked: string[] = [];
    // The app's requests go through as always; the stop comes while the first one is under way.
    const app = {
      inject: (options: InjectOptions) => {
        asked.push(String(options.url));
        stop.abort();
        return t.app.inject(options);
      },
    } as unknown as typeof t.app;
    const stopped = await warmUp(app, t.database, 2, stop.signal);
    expect(asked).toEqual(['/api/graphql']);
    expect(stopped).toMatchObject({ stopped: true, opened: 2, failed: [] });

    asked.length = 0;
    const never = await warmUp(app, t.database, 2, stop.signal);
    expect(asked).toEqual([]);
    expect(never).toMatchObject({ stopped: true, opened: 0 });
  });

  it('reports what failed instead of throwing', async () => {
    const closed = await createTestApp();
    await closed.app.close();
    const result = await warmUp(closed.app, closed.database, 1);
    expect(result.failed.length).toBeGreaterThan(0);
  });
});
