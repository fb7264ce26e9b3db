import { describe, expect, it } from 'vitest';
import { buildChildEpic, buildChildIssue } from './test/child-items-fixtures.ts';
import { applyDrop, checkDrop, DROP_REFUSALS, planDrop } from './tree-drop.ts';
import { type Branch, branchChildren } from './tree-model.ts';

const branch = (epics: Branch['epics'], issues: Branch['issues']): { branch: Branch } => ({
  branch: { epics, issues, epicEndCursor: null, issueEndCursor: null, hasMoreEpics: false, hasMoreIssues: false },
});

const e1 = buildChildEpic({ title: 'E1', relativePosition: 1 });
const e2 = buildChildEpic({ title: 'E2', relativePosition: 2 });
const i1 = buildChildIssue({ title: 'I1', relativePosition: 1 });
const i2 = buildChildIssue({ title: 'I2', relativePosition: 2 });
const n1 = buildChildIssue({ title: 'N1', relativePosition: 1 });
const branches = { root: branch([e1, e2], [i1, i2]), [e1.id]: branch([], [n1]) };
const titles = (b: { branch?: Branch } | undefined) =>
  b?.branch ? branchChildren(b.branch).map((c) => c.item.title) : [];

describe('planDrop and applyDrop', () => {
  it('reorders among siblings of the same kind', () => {
    const plan = planDrop(branches, i2.id ?? '', i1.id ?? '', 'before');
    expect(plan).toMatchObject({ sourceKey: 'root', targetKey: 'root', place: 'before' });
    expect(titles(applyDrop(branches, plan!).root)).toEqual(['E1', 'E2', 'I2', 'I1']);
  });

  it('moves an issue under another epic, next to an issue there', () => {
    const plan = planDrop(branches, i1.id ?? '', n1.id ?? '', 'after');
    expect(plan).toMatchObject({ sourceKey: 'root', targetKey: e1.id, place: 'after' });
    const next = applyDrop(branches, plan!);
    expect(titles(next.root)).toEqual(['E1', 'E2', 'I2']);
    expect(titles(next[e1.id])).toEqual(['N1', 'I1']);
  });

  it('moves onto an epic as its last child', () => {
    const plan = planDrop(branches, i2.id ?? '', e1.id, 'on');
    expect(plan).toMatchObject({ targetKey: e1.id, adjacent: null, place: 'end' });
    expect(titles(applyDrop(branches, plan!)[e1.id])).toEqual(['N1', 'I2']);
  });

  it('refuses drops that make no sense', () => {
    // Onto an issue, next to the other kind in the same list, an epic under itself, onto its own parent.
    expect(planDrop(branches, i1.id ?? '', i2.id ?? '', 'on')).toBeNull();
    expect(planDrop(branches, i1.id ?? '', e2.id, 'after')).toBeNull();
    expect(planDrop(branches, e1.id, n1.id ?? '', 'before')).toBeNull();
    expect(planDrop(branches, n1.id ?? '', e1.id, 'on')).toBeNull();
    expect(planDrop(branches, 'missing', e1.id, 'on')).toBeNull();
  });
});

describe('checkDrop', () => {
  const root = { groupFullPath: 'acme', confidential: false, depth: 1 };
  const sub = buildChildEpic({ title: 'Sub', group: { id: 'g2', fullPath: 'acme/web' } });
  const top = buildChildEpic({ title: 'Top' });
  const secret = buildChildEpic({ title: 'Secret', confidential: true });
  const issue = buildChildIssue({ title: 'Public issue', confidential: false });
  const tree = { root: branch([sub, top, secret], [issue]), [sub.id]: branch([], []), [secret.id]: branch([], []) };

  it.each([
    ['an epic of the parent group under a subgroup epic', top.id, sub.id, DROP_REFUSALS.otherGroup],
    ['a public epic under a confidential one', top.id, secret.id, DROP_REFUSALS.confidentialEpic],
    ['a public issue under a confidential epic', issue.id ?? '', secret.id, DROP_REFUSALS.confidentialIssue],
    ['a subgroup epic under a parent group epic', sub.id, top.id, null],
  ] as const)('%s', (_name, moved, target, refusal) => {
    const result = checkDrop(tree, root, moved, target, 'on');
    expect(result.refusal).toBe(refusal);
    expect(result.plan === null).toBe(refusal !== null);
  });

  it('refuses a tree deeper than 7 levels', () => {
    const deepRoot = { ...root, depth: 6 };
    const parent = buildChildEpic({ title: 'Parent', hasChildren: true });
    const deep = { root: branch([parent, top], []) };
    // Top (a leaf) under Parent: depth 6 (root) + 1 (Parent) + 1 = 8.
    expect(checkDrop(deep, deepRoot, top.id, parent.id, 'on').refusal).toBe(DROP_REFUSALS.tooDeep);
    expect(checkDrop(deep, { ...root, depth: 5 }, top.id, parent.id, 'on').refusal).toBeNull();
  });

  it('checks nothing for a reorder among siblings', () => {
    expect(checkDrop(tree, { ...root, confidential: true }, top.id, sub.id, 'before')).toMatchObject({
      refusal: null,
    });
  });
});
