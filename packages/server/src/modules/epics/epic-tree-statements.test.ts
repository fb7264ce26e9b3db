/**
 * The child-items tree's first page (the web's `EpicChildItemsQuery`) is read in a bounded number of
 * SQL statements, whatever the number of children, and shows what the viewer may see: confidential
 * child epics and issues the viewer may not read are left out exactly like missing ones, while the
 * counts of the roll-ups include them (spec 001 §7). Statements are counted, not timed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { graphqlStatements } from '../../test/statements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import type { EpicWithGroup } from './epics.service.ts';

/** The web's EpicChildItemsQuery (packages/web/src/features/epics/child-items/epic-child-items.query.graphql). */
const TREE = `query EpicChildItemsQuery($fullPath: ID!, $iid: ID!, $pageSize: Int = 100, $epicEndCursor: String, $issueEndCursor: String) {
  group(fullPath: $fullPath) { id epic(iid: $iid) { ...EpicTreePage } } }
fragment EpicTreePage on Epic {
  id iid title confidential reference(full: true) group { id fullPath name } ancestors { count }
  userPermissions { adminEpic adminEpicRelation readEpicRelation createEpic }
  ...EpicTreeProgressFields
  defaultProjectForIssueCreation { id fullPath nameWithNamespace }
  children(first: $pageSize, after: $epicEndCursor) { count pageInfo { hasNextPage endCursor } nodes { ...ChildEpicFields } }
  issues(first: $pageSize, after: $issueEndCursor) { count pageInfo { hasNextPage endCursor } nodes { ...ChildIssueFields } }
}
fragment ChildEpicFields on Epic {
  id iid title state confidential reference(full: true) webPath createdAt closedAt relationPath relativePosition
  hasChildren hasIssues color textColor group { id fullPath } userPermissions { adminEpic adminEpicRelation createEpic }
  labels { nodes { ...LabelFields } } ...EpicTreeProgressFields
}
fragment ChildIssueFields on EpicIssue {
  id iid epicIssueId title state confidential blocked reference(full: true) webPath createdAt closedAt dueDate weight
  healthStatus relationPath relativePosition milestone { id title webPath startDate dueDate state }
  assignees { nodes { id name username avatarUrl webPath } } labels { nodes { ...LabelFields } }
}
fragment EpicTreeProgressFields on Epic {
  descendantCounts { openedEpics closedEpics openedIssues closedIssues }
  descendantWeightSum { openedIssues closedIssues }
  healthStatus { issuesOnTrack issuesNeedingAttention issuesAtRisk }
}
fragment LabelFields on Label { id title color textColor description }`;

type Tree = {
  group: {
    epic: {
      children: {
        count: number;
        nodes: {
          title: string;
          hasChildren: boolean;
          relationPath: string | null;
          labels: { nodes: { title: string }[] };
        }[];
      };
      issues: {
        count: number;
        nodes: { title: string; relationPath: string | null; assignees: { nodes: { username: string }[] } }[];
      };
    } | null;
  };
};

describe('the child-items tree first page', () => {
  let t: TestApp;
  let owner: UserRow;
  let guest: UserRow;
  let group: GroupRow;
  let project: ProjectWithGroup;
  let root: EpicWithGroup;

  beforeAll(async () => {
    t = await createTestApp();
    const f = epicsFactories(t);
    const lm = labelsMilestonesFactories(t);
    owner = await t.buildUser();
    guest = await t.buildUser();
    group = await t.buildGroup({ path: 'treestmts', owner, visibility: 'public' });
    await t.addGroupMember(group, guest, 10);
    const sub = await t.buildGroup({ path: 'treestmts-sub', parent: group, owner, visibility: 'public' });
    project = await t.buildProject({ group, visibility: 'public' });
    const label = await lm.buildLabel({ group, title: 'tree-label' });
    const milestone = await lm.buildMilestone({ group, title: 'tree-milestone' });
    const top = await f.buildEpic({ group, title: 'Top' });
    root = await f.buildEpic({ group, title: 'Root', parent: top });
    for (let n = 0; n < 4; n++) {
      const child = await f.buildEpic({
        group: n % 2 ? sub : group,
        title: `Child ${n}`,
        parent: root,
        labelIds: [label.id],
      });
      await f.buildEpic({ group: n % 2 ? sub : group, title: `Grandchild ${n}`, parent: child });
      await f.buildIssue({ project, epic: child, weight: 2 });
    }
    await f.buildEpic({ group, title: 'Hidden child', parent: root, confidential: true });
    for (let n = 0; n < 4; n++) {
      await f.buildIssue({
        project,
        epic: root,
        title: `Issue ${n}`,
        milestoneId: milestone.id,
        assigneeIds: [owner.id],
        weight: n,
      });
    }
    await f.buildIssue({ project, epic: root, title: 'Hidden issue', confidential: true });
  });

  /** The tree's first page as `as` and the statements it sent, less the test client's own sign-in. */
  async function firstPage(as: UserRow) {
    const { data, statements } = await graphqlStatements<Tree>(
      t,
      TREE,
      { fullPath: 'treestmts', iid: String(root.epic.iid) },
      as,
    );
    const ours = statements.filter(
      (s) => !/personal_access_tokens|application_settings|from "users" where "users"."id" = \$1 limit/.test(s),
    );
    return { epic: data.group.epic, statements: ours };
  }

  it('reads the page of issues and its total in one statement, and the epic once', async () => {
    const { epic, statements } = await firstPage(owner);
    expect(epic?.issues.count).toBe(5);
    expect(epic?.issues.nodes.map((n) => n.title)).toContain('Hidden issue');
    // No separate count of the epic's issues.
    expect(statements.filter((s) => /count\(\*\)::int from "epic_issues"/.test(s))).toEqual([]);
    // The epic itself is not read again by id, for its children's or its issues' relation paths:
    // by id only its ancestor is read (ancestors { count }).
    expect(statements.filter((s) => /where "epics"."id" = ANY/.test(s))).toHaveLength(1);
    // 22 before the epic was remembered and the total read with its page.
    expect(statements.length).toBeLessThanOrEqual(19);
    // The relation paths still name the epic (read from what the page already had).
    const base = `/groups/treestmts/-/epics/${root.epic.iid}`;
    expect(epic?.children.nodes.map((n) => n.relationPath?.startsWith(`${base}/links/`))).toEqual(Array(5).fill(true));
    expect(epic?.issues.nodes.map((n) => n.relationPath?.startsWith(`${base}/issues/`))).toEqual(Array(5).fill(true));
  });

  it('leaves out the confidential children a Guest may not read, exactly like missing ones', async () => {
    const { epic } = await firstPage(guest);
    expect(epic?.children.count).toBe(4);
    expect(epic?.children.nodes.map((n) => n.title)).toEqual(['Child 0', 'Child 1', 'Child 2', 'Child 3']);
    expect(epic?.issues.count).toBe(4);
    expect(epic?.issues.nodes.map((n) => n.title)).toEqual(['Issue 3', 'Issue 2', 'Issue 1', 'Issue 0']);
    expect(epic?.issues.nodes[0]?.assignees.nodes.map((a) => a.username)).toEqual([owner.username]);
    expect(epic?.children.nodes.every((n) => n.hasChildren && n.labels.nodes[0]?.title === 'tree-label')).toBe(true);
  });

  it('pages past the last issue with the total still counted', async () => {
    const query = `query($iid: ID!, $after: String) { group(fullPath: "treestmts") { epic(iid: $iid) {
      issues(first: 4, after: $after) { count nodes { title } pageInfo { endCursor } } } } }`;
    const first = await graphqlStatements<{
      group: { epic: { issues: { count: number; pageInfo: { endCursor: string } } } };
    }>(t, query, { iid: String(root.epic.iid) }, guest);
    expect(first.data.group.epic.issues.count).toBe(4);
    const past = await graphqlStatements<{ group: { epic: { issues: { count: number; nodes: unknown[] } } } }>(
      t,
      query,
      { iid: String(root.epic.iid), after: first.data.group.epic.issues.pageInfo.endCursor },
      guest,
    );
    expect(past.data.group.epic.issues).toMatchObject({ count: 4, nodes: [] });
  });
});
