/** Named builders for epics (and the issues that hang under them). They go through the services. */
import { beforeAll } from 'vitest';
import { userActor } from '../authz/actor.ts';
import type { GroupRow, UserRow } from '../db/schema.ts';
import type { EpicInput } from '../modules/epics/epic-input.ts';
import type { EpicWithGroup } from '../modules/epics/epics.service.ts';
import type { ProjectWithGroup } from '../modules/projects/projects.service.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export function epicsFactories(t: Pick<TestApp, 'services' | 'systemAdmin'>) {
  /** An epic in `group` (by default authored by the builders' administrator). */
  async function buildEpic(
    attrs: Omit<EpicInput, 'parentId'> & {
      group: GroupRow;
      parent?: EpicWithGroup;
      author?: UserRow;
      closed?: boolean;
    },
  ): Promise<EpicWithGroup> {
    const { group, parent, author, closed, ...input } = attrs;
    const actor = userActor(author ?? (await t.systemAdmin()));
    let epic = await t.services.epics.create(actor, group, {
      title: `Epic ${next()}`,
      ...input,
      parentId: parent?.epic.id ?? null,
    });
    if (closed) epic = await t.services.epics.update(actor, epic, { stateEvent: 'close' });
    return epic;
  }

  /** An issue of `project`, optionally in an epic, with a milestone, weight, health and state. */
  async function buildIssue(attrs: {
    project: ProjectWithGroup;
    epic?: EpicWithGroup;
    title?: string;
    confidential?: boolean;
    milestoneId?: number;
    weight?: number;
    healthStatus?: 'on_track' | 'needs_attention' | 'at_risk';
    assigneeIds?: number[];
    closed?: boolean;
    author?: UserRow;
  }) {
    const actor = userActor(attrs.author ?? (await t.systemAdmin()));
    let issue = await t.services.issues.create(actor, attrs.project, {
      title: attrs.title ?? `Issue ${next()}`,
      confidential: attrs.confidential,
      milestoneId: attrs.milestoneId,
      weight: attrs.weight,
      healthStatus: attrs.healthStatus,
      assigneeIds: attrs.assigneeIds,
      epicId: attrs.epic?.epic.id,
    });
    if (attrs.closed) issue = await t.services.issues.update(actor, issue, { stateEvent: 'close' });
    return issue;
  }

  return { buildEpic, buildIssue };
}

/** What `epicsGroupFixture` sets up. */
export type EpicsGroupFixture = { t: TestApp; owner: UserRow; guest: UserRow; group: GroupRow };

/**
 * The set-up the epics list tests share: a test app, a public group at `path` with its Owner, and a
 * signed-in user who is no member of it (`guest`). Called inside `describe`, it fills the returned
 * object before the describe's own `beforeAll`s and its tests run.
 */
export function epicsGroupFixture(path: string): EpicsGroupFixture {
  const fixture = {} as EpicsGroupFixture;
  beforeAll(async () => {
    fixture.t = await createTestApp();
    fixture.owner = await fixture.t.buildUser();
    fixture.guest = await fixture.t.buildUser();
    fixture.group = await fixture.t.buildGroup({ path, owner: fixture.owner, visibility: 'public' });
  });
  return fixture;
}
