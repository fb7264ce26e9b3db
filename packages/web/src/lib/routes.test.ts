import { groupSubPage, projectSubPage } from '@milepost/shared';
import { describe, expect, it } from 'vitest';
import { parseNamespacePath, routes } from './routes.ts';

describe('parseNamespacePath', () => {
  it.each([
    ['/acme', { fullPath: 'acme', subPath: [], groupsPrefix: false }],
    ['/acme/platform/web', { fullPath: 'acme/platform/web', subPath: [], groupsPrefix: false }],
    [
      '/acme/platform/web/-/issues/12',
      { fullPath: 'acme/platform/web', subPath: ['issues', '12'], groupsPrefix: false },
    ],
    ['/groups/acme/platform/-/epics', { fullPath: 'acme/platform', subPath: ['epics'], groupsPrefix: true }],
    ['/groups/acme/-/group_members/', { fullPath: 'acme', subPath: ['group_members'], groupsPrefix: true }],
    // GitLab's project settings: `/<project>/edit`.
    ['/acme/platform/web/edit', { fullPath: 'acme/platform/web', subPath: ['edit'], groupsPrefix: false }],
    ['/acme/edit', { fullPath: 'acme/edit', subPath: [], groupsPrefix: false }],
  ])('splits %s', (pathname, expected) => {
    expect(parseNamespacePath(pathname)).toEqual(expected);
  });

  it.each(['/', '/dashboard/groups', '/admin', '/-/user_settings/personal_access_tokens', '/users/sign_in', '/groups'])(
    'leaves the app page %s alone',
    (pathname) => {
      expect(parseNamespacePath(pathname)).toBeNull();
    },
  );
});

describe('sub-pages', () => {
  it.each([
    [[], { page: 'overview' }],
    [['epics'], { page: 'epics' }],
    [['epics', 'new'], { page: 'newEpic' }],
    [['epics', '7'], { page: 'epic', iid: '7' }],
    [['roadmap'], { page: 'roadmap' }],
    [['group_members'], { page: 'members' }],
    [['epics', 'abc'], null],
    [['issues'], { page: 'issues' }],
    [['roadmap', 'x'], null],
    [['cadences'], { page: 'cadences' }],
    [['cadences', 'new'], { page: 'newCadence' }],
    [['cadences', '3', 'edit'], { page: 'editCadence', id: '3' }],
    [['cadences', '3'], { page: 'cadences' }],
    [['cadences', '3', 'iterations', '41'], { page: 'iteration', id: '41' }],
    [['iterations'], { page: 'cadences' }],
    [['iterations', '41'], { page: 'iteration', id: '41' }],
    [['iterations', 'x'], null],
    [['cadences', 'x', 'edit'], null],
    [['cadences', '3', 'iterations', '41', 'x'], null],
    [['labels'], { page: 'labels' }],
    [['labels', 'x'], null],
    [['milestones'], { page: 'milestones' }],
    [['milestones', '4'], { page: 'milestone', iid: '4' }],
    [['milestones', 'new'], null],
    [['edit'], { page: 'settings' }],
    [['edit', 'x'], null],
  ])('group %j', (subPath, expected) => {
    expect(groupSubPage(subPath)).toEqual(expected);
  });

  it.each([
    [[], { page: 'overview' }],
    [['issues'], { page: 'issues' }],
    [['issues', '12'], { page: 'issue', iid: '12' }],
    [['project_members'], { page: 'members' }],
    [['settings', 'issue_templates'], { page: 'issueTemplates' }],
    [['settings'], null],
    [['issues', 'incident', '12'], { page: 'incident', iid: '12' }],
    [['issues', 'incident'], null],
    [['work_items', '7'], { page: 'workItem', iid: '7' }],
    [['work_items'], null],
    [['work_items', '7', 'x'], null],
    [['labels'], { page: 'labels' }],
    [['milestones'], { page: 'milestones' }],
    [['milestones', '12'], { page: 'milestone', iid: '12' }],
    [['milestones', '0'], null],
    [['issues', 'incident', 'x'], null],
    [['issues', '12', 'x'], null],
    [['issues', '0'], null],
    [['epics'], null],
    [['edit'], { page: 'settings' }],
    [['edit', 'x'], null],
  ])('project %j', (subPath, expected) => {
    expect(projectSubPage(subPath)).toEqual(expected);
  });
});

describe('routes', () => {
  it('builds GitLab-shaped paths', () => {
    expect(routes.groupRoadmap('acme/platform')).toBe('/groups/acme/platform/-/roadmap');
    expect(routes.projectIssue('acme/platform/web', 3)).toBe('/acme/platform/web/-/issues/3');
    expect(routes.signIn('/acme?x=1')).toBe('/users/sign_in?redirect=%2Facme%3Fx%3D1');
  });
});
