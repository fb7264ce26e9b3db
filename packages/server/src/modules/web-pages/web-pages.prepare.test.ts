/**
 * A group roadmap's page starts its first list's position index as it is served (decision 0096):
 * the page's first epics request, asking for the same list, joins that build instead of running the
 * pass again; another viewer, another list or a hidden group starts nothing of it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { roadmapFirstListArgs, todayIn } from '@milepost/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { anonymousActor, userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { captureStatements } from '../../test/statements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const FIRST_PAGE = `query RoadmapFirstPage($fullPath: ID!, $state: EpicState, $sort: EpicSort, $timeframe: Timeframe,
  $labelName: [String!], $authorUsername: String, $search: String, $not: NegatedEpicFilterInput,
  $or: UnionedEpicFilterInput, $includeDescendantGroups: Boolean = true, $first: Int = 50) {
  group(fullPath: $fullPath) {
    epics(state: $state, sort: $sort, timeframe: $timeframe, labelName: $labelName, authorUsername: $authorUsername,
      search: $search, not: $not, or: $or, includeDescendantGroups: $includeDescendantGroups, topLevelInList: true,
      first: $first) { count nodes { title } }
  }
}`;

type FirstPage = { group: { epics: { count: number; nodes: { title: string }[] } } | null };

/** The pass that builds a roadmap list's position index (`orderedIds`). */
const isPass = (statement: string) => statement.includes('string_agg(');

describe('a roadmap page’s first list, started as the page is served', () => {
  let t: TestApp;
  let owner: UserRow;
  let mondays: UserRow;
  let acme: GroupRow;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-prepare-'));

  /** The page's first epics request for `search`, as the web app sends it (its variables are the shared reading of the URL). */
  const firstPage = async (as: UserRow, search: string, firstDay: 0 | 1 = 0) => {
    const args = roadmapFirstListArgs(search, todayIn(null), firstDay);
    if (!args) throw new Error(`no list for ${search}`);
    return await captureStatements(() => t.graphql<FirstPage>(FIRST_PAGE, { fullPath: 'acme', ...args }, { as }));
  };

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    t = await createTestApp({ webDist });
    const f = epicsFactories(t);
    owner = await t.buildUser({ username: 'prep-owner' });
    mondays = await t.buildUser({ username: 'prep-mondays' });
    mondays = await t.services.users.updatePreferences(userActor(mondays), { firstDayOfWeek: 1 });
    acme = await t.buildGroup({ path: 'acme', owner, visibility: 'private' });
    await t.addGroupMember(acme, mondays, 20);
    const today = todayIn(null);
    for (const title of ['Alpha', 'Beta', 'Gamma']) {
      await f.buildEpic({
        group: acme,
        title,
        startDateIsFixed: true,
        startDateFixed: today,
        dueDateIsFixed: true,
        dueDateFixed: today,
      });
    }
  });
  afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

  it('is started by the roadmap page’s request, with the viewer and the URL’s query', async () => {
    const prepare = vi.spyOn(t.services.webPages, 'prepare');
    try {
      const page = await t.request({
        method: 'GET',
        url: '/groups/acme/-/roadmap?state=opened&layout=MONTHS',
        as: owner,
      });
      expect(page.statusCode).toBe(200);
      expect(prepare).toHaveBeenCalledTimes(1);
      const [actor, pathname, search] = prepare.mock.calls[0] ?? [];
      expect(actor?.user?.id).toBe(owner.id);
      expect(pathname).toBe('/groups/acme/-/roadmap');
      expect(search).toBe('?state=opened&layout=MONTHS');
      await prepare.mock.results[0]?.value;
      // A missing page starts nothing.
      expect((await t.request({ method: 'GET', url: '/groups/nowhere/-/roadmap', as: owner })).statusCode).toBe(404);
      expect(prepare).toHaveBeenCalledTimes(1);
    } finally {
      prepare.mockRestore();
    }
  });

  it('the page carries the signed-in viewer’s first day of the week, for the roadmap’s first request', async () => {
    const prepare = vi.spyOn(t.services.webPages, 'prepare');
    let page: Awaited<ReturnType<typeof t.request>>;
    try {
      page = await t.request({ method: 'GET', url: '/groups/acme/-/roadmap', as: mondays });
      // The list its serving started is built before the next case counts statements (they are counted process-wide).
      await Promise.all(prepare.mock.results.map((r) => r.value));
    } finally {
      prepare.mockRestore();
    }
    expect(page.body).toContain('<meta name="milepost-viewer" content="{&quot;firstDayOfWeek&quot;:1}" />');
    const visitor = await t.request({ method: 'GET', url: '/users/sign_in' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain('milepost-viewer');
  });

  it('is the list the page then asks for: its first request runs no pass of its own', async () => {
    for (const search of ['', '?state=opened&sort=end_date_desc&label_name[]=x&not[author_username]=bob&search=a']) {
      const built = await captureStatements(() =>
        t.services.webPages.prepare(userActor(owner), '/groups/acme/-/roadmap', search),
      );
      expect(built.statements.filter(isPass)).toHaveLength(1);
      const { result, statements } = await firstPage(owner, search);
      expect(result.errors).toBeUndefined();
      expect(statements.filter(isPass)).toHaveLength(0);
      if (search === '')
        expect(result.data?.group?.epics.nodes.map((n) => n.title).sort()).toEqual(['Alpha', 'Beta', 'Gamma']);
    }
  });

  it('weekly columns start on the viewer’s first day of the week', async () => {
    await t.services.webPages.prepare(userActor(mondays), '/groups/acme/-/roadmap', '');
    const { result, statements } = await firstPage(mondays, '', 1);
    expect(result.data?.group?.epics.count).toBe(3);
    expect(statements.filter(isPass)).toHaveLength(0);
  });

  it('is another viewer’s list for another viewer: theirs runs its own pass', async () => {
    await t.services.webPages.prepare(userActor(owner), '/groups/acme/-/roadmap', '?state=closed');
    const { result, statements } = await firstPage(mondays, '?state=closed', 1);
    expect(result.data?.group?.epics.count).toBe(0);
    expect(statements.filter(isPass)).toHaveLength(1);
  });

  it('starts nothing for other pages, one epic’s children or a group the viewer cannot see', async () => {
    const nothing = async (actor: Parameters<typeof t.services.webPages.prepare>[0], pathname: string, search = '') =>
      expect(
        (await captureStatements(() => t.services.webPages.prepare(actor, pathname, search))).statements.filter(isPass),
      ).toEqual([]);
    await nothing(userActor(owner), '/groups/acme/-/epics');
    await nothing(userActor(owner), '/groups/acme/-/roadmap', '?epic_iid=1');
    await nothing(anonymousActor(), '/groups/acme/-/roadmap');
    // More values than any request may send (100): not built.
    await nothing(
      userActor(owner),
      '/groups/acme/-/roadmap',
      `?${Array.from({ length: 101 }, (_, i) => `label_name[]=l${i}`).join('&')}`,
    );
  });
});
