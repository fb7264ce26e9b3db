/** Epic.{start,due}DateSourcing{Milestone,Epic}: where inherited dates come from, hidden sources stay hidden. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SOURCES = `query($fullPath: ID!, $iid: ID!) { group(fullPath: $fullPath) { epic(iid: $iid) {
  startDate dueDate startDateIsFixed dueDateIsFixed
  startDateSourcingMilestone { title startDate } dueDateSourcingMilestone { title dueDate }
  startDateSourcingEpic { iid title } dueDateSourcingEpic { iid title } } } }`;

type Sources = {
  startDate: string | null;
  dueDate: string | null;
  startDateSourcingMilestone: { title: string } | null;
  dueDateSourcingMilestone: { title: string } | null;
  startDateSourcingEpic: { iid: string; title: string } | null;
  dueDateSourcingEpic: { iid: string; title: string } | null;
};

describe('sources of inherited epic dates', () => {
  let t: TestApp;
  let group: GroupRow;
  let owner: UserRow;
  let outsider: UserRow;
  let parentIid: string;
  let childIid: string;

  const sources = async (iid: string, as: UserRow | null) => {
    const r = await t.graphql<{ group: { epic: Sources } }>(SOURCES, { fullPath: group.path, iid }, { as });
    expect(r.errors).toBeUndefined();
    return r.data?.group.epic as Sources;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const f = epicsFactories(t);
    const lm = labelsMilestonesFactories(t);
    owner = await t.buildUser({ username: 'sources-owner' });
    outsider = await t.buildUser({ username: 'sources-outsider' });
    group = await t.buildGroup({ path: 'sources', owner });
    const project = await t.buildProject({ group });
    const milestone = await lm.buildMilestone({
      group,
      title: 'Release 1',
      startDate: '2026-01-05',
      dueDate: '2026-02-27',
    });
    const parent = await f.buildEpic({ group, title: 'Parent' });
    // A confidential child epic: its fixed due date (later than the milestone's) is the parent's due.
    const child = await f.buildEpic({
      group,
      title: 'Secret child',
      parent,
      confidential: true,
      dueDateIsFixed: true,
      dueDateFixed: '2026-06-30',
    });
    await f.buildIssue({ project, epic: parent, milestoneId: milestone.id });
    parentIid = parent.epic.iid.toString();
    childIid = child.epic.iid.toString();
  });

  it('names the milestone and the child epic that give the inherited dates', async () => {
    const epic = await sources(parentIid, owner);
    expect(epic).toMatchObject({
      startDate: '2026-01-05',
      dueDate: '2026-06-30',
      startDateSourcingMilestone: { title: 'Release 1' },
      dueDateSourcingMilestone: null,
      startDateSourcingEpic: null,
      dueDateSourcingEpic: { iid: childIid, title: 'Secret child' },
    });
  });

  it('gives no source for a fixed date without children or milestones', async () => {
    const epic = await sources(childIid, owner);
    expect(epic.startDateSourcingMilestone).toBeNull();
    expect(epic.dueDateSourcingEpic).toBeNull();
    expect(epic.startDateSourcingEpic).toBeNull();
  });

  it('hides a source the viewer may not read (a confidential child epic for a visitor)', async () => {
    const epic = await sources(parentIid, outsider);
    expect(epic.dueDate).toBe('2026-06-30');
    expect(epic.dueDateSourcingEpic).toBeNull();
    expect(epic.startDateSourcingMilestone).toEqual({ title: 'Release 1', startDate: '2026-01-05' });
  });
});
