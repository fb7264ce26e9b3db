import { describe, expect, it } from 'vitest';
import { type HoverCardTarget, hoverCardAttributes, hoverCardTarget, issueTargetOfPath } from './hover-card-target.ts';

const link = (attributes: Record<string, string>, text = '') => {
  const a = document.createElement('a');
  for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
  a.textContent = text;
  return a;
};

describe('hover card targets', () => {
  it('reads the server references’ data attributes', () => {
    expect(hoverCardTarget(link({ 'data-reference-type': 'user', 'data-username': 'alice' }))).toEqual({
      kind: 'user',
      username: 'alice',
    });
    expect(
      hoverCardTarget(link({ 'data-reference-type': 'issue', 'data-project-path': 'acme/web', 'data-iid': '3' })),
    ).toEqual({ kind: 'issue', projectPath: 'acme/web', iid: '3' });
    expect(
      hoverCardTarget(link({ 'data-reference-type': 'epic', 'data-group-path': 'acme', 'data-iid': '1' })),
    ).toEqual({ kind: 'epic', groupPath: 'acme', iid: '1' });
    expect(hoverCardTarget(link({ 'data-reference-type': 'milestone', 'data-milestone': '7' }))).toEqual({
      kind: 'milestone',
      id: '7',
    });
    expect(
      hoverCardTarget(link({ 'data-reference-type': 'label', 'data-group-path': 'acme', 'data-label': '4' }, ' bug ')),
    ).toEqual({ kind: 'label', title: 'bug', groupPath: 'acme', projectPath: null });
  });

  it('ignores links whose attributes name nothing', () => {
    expect(hoverCardTarget(link({ 'data-reference-type': 'issue', 'data-iid': '3' }))).toBeNull();
    expect(hoverCardTarget(link({ 'data-reference-type': 'snippet' }))).toBeNull();
    expect(hoverCardTarget(link({ 'data-reference-type': 'label' }, 'bug'))).toBeNull();
  });

  it('gives the app’s own links the same attributes, read back to the same target', () => {
    const targets: HoverCardTarget[] = [
      { kind: 'user', username: 'bob' },
      { kind: 'issue', projectPath: 'acme/web', iid: '12' },
      { kind: 'epic', groupPath: 'acme/platform', iid: '4' },
      { kind: 'milestone', id: 'gid://gitlab/Milestone/2' },
    ];
    for (const target of targets) expect(hoverCardTarget(link(hoverCardAttributes(target)))).toEqual(target);
    expect(hoverCardAttributes(null)).toEqual({});
  });

  it('finds the issue of a web path', () => {
    expect(issueTargetOfPath('/acme/web/-/issues/12')).toEqual({ kind: 'issue', projectPath: 'acme/web', iid: '12' });
    expect(issueTargetOfPath('/acme/web/-/issues/incident/3')).toEqual({
      kind: 'issue',
      projectPath: 'acme/web',
      iid: '3',
    });
    expect(issueTargetOfPath('/groups/acme/-/epics/1')).toBeNull();
  });
});
