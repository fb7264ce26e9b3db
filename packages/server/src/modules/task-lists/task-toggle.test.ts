/**
 * Task-list checkboxes of descriptions (GitLab's `update_task` on the issue and epic pages' update):
 * exactly that line changes; a line that changed meanwhile answers 409 and changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { STALE_EPIC_MESSAGE } from '../epics/epic-input.ts';
import { STALE_ISSUE_MESSAGE } from '../issues/issue-input.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

const DESCRIPTION = 'Plan\n\n- [ ] write\n- [x] review\n- [ ] ship\n';

describe('task-list toggles', () => {
  let t: TestApp;
  let issues: ReturnType<typeof issuesFactories>;
  let epics: ReturnType<typeof epicsFactories>;
  let reporter: UserRow;
  let guest: UserRow;
  let group: GroupRow;
  let project: ProjectWithGroup;

  beforeAll(async () => {
    t = await createTestApp();
    issues = issuesFactories(t);
    epics = epicsFactories(t);
    reporter = await t.buildUser();
    guest = await t.buildUser();
    group = await t.buildGroup({ path: 'tl', visibility: 'public' });
    await t.addGroupMember(group, reporter, 20);
    await t.addGroupMember(group, guest, 10);
    project = await t.buildProject({ group, path: 'app', visibility: 'public' });
  });

  const toggle = (lineNumber: number, lineSource: string, checked: boolean, lockVersion = 0) => ({
    update_task: { index: 1, checked, line_number: lineNumber, line_source: lineSource },
    lock_version: lockVersion,
  });

  describe('on an issue', () => {
    it('checks one box at its line, counts it and renders it', async () => {
      const issue = await issues.buildIssue({ project, description: DESCRIPTION, author: reporter });
      const res = await t.request({
        method: 'PUT',
        url: `/tl/app/-/issues/${issue.issue.iid}.json`,
        payload: { issue: toggle(3, '- [ ] write', true) },
        as: reporter,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        description: 'Plan\n\n- [x] write\n- [x] review\n- [ ] ship\n',
        lock_version: 1,
      });
      const changes = await t.request({
        method: 'GET',
        url: `/tl/app/-/issues/${issue.issue.iid}/realtime_changes`,
        as: reporter,
      });
      expect(changes.json()).toMatchObject({ task_completion_status: { count: 3, completed_count: 2 } });
      const notes = await t.request({
        method: 'GET',
        url: `/api/v4/projects/${project.project.id}/issues/${issue.issue.iid}/notes`,
        as: reporter,
      });
      expect(notes.json<{ body: string }[]>().map((n) => n.body)).toContain(
        'marked the checklist item **write** as completed',
      );
      expect(changes.json<{ description: string }>().description).toContain(
        '<li data-sourcepos="3:1-3:11" class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" disabled checked',
      );
    });

    it('applies a toggle over an older lock version when the line is unchanged (GitLab), keeping the other edit', async () => {
      const issue = await issues.buildIssue({ project, description: DESCRIPTION, author: reporter });
      await t.services.issues.update(userActor(reporter), issue, { title: 'Renamed meanwhile' });
      const res = await t.request({
        method: 'PUT',
        url: `/tl/app/-/issues/${issue.issue.iid}.json`,
        payload: { issue: toggle(4, '- [x] review', false, 0) },
        as: reporter,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        title: 'Renamed meanwhile',
        description: 'Plan\n\n- [ ] write\n- [ ] review\n- [ ] ship\n',
        lock_version: 2,
      });
    });

    it('answers 409 when the line changed meanwhile, and keeps their change', async () => {
      const issue = await issues.buildIssue({ project, description: DESCRIPTION, author: reporter });
      const theirs = 'Plan\n\nNew intro\n- [ ] write\n- [x] review\n- [ ] ship\n';
      await t.services.issues.update(userActor(reporter), issue, { description: theirs });
      const res = await t.request({
        method: 'PUT',
        url: `/tl/app/-/issues/${issue.issue.iid}.json`,
        payload: { issue: toggle(3, '- [ ] write', true) },
        as: reporter,
      });
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json()).toEqual({ errors: [STALE_ISSUE_MESSAGE] });
      const shown = await t.request({ method: 'GET', url: `/tl/app/-/issues/${issue.issue.iid}.json`, as: reporter });
      expect(shown.json()).toMatchObject({ description: theirs, lock_version: 1 });
    });

    it('refuses a malformed toggle (422) and a user who may not edit (403), changing nothing', async () => {
      const issue = await issues.buildIssue({ project, description: DESCRIPTION, author: reporter });
      const url = `/tl/app/-/issues/${issue.issue.iid}.json`;
      const bad = await t.request({
        method: 'PUT',
        url,
        payload: { issue: { update_task: { checked: true, line_source: '- [ ] write' } } },
        as: reporter,
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({ errors: ['update_task[line_number] is missing'] });
      const stranger = await t.buildUser();
      const denied = await t.request({
        method: 'PUT',
        url,
        payload: { issue: toggle(3, '- [ ] write', true) },
        as: stranger,
      });
      expect(denied.statusCode).toBe(403);
      const shown = await t.request({ method: 'GET', url, as: reporter });
      expect(shown.json()).toMatchObject({ description: DESCRIPTION, lock_version: 0 });
    });
  });

  describe('on an epic', () => {
    it('checks a box, and answers 409 for a line that changed', async () => {
      const epic = await epics.buildEpic({ group, title: 'Checklist epic', description: DESCRIPTION });
      const url = `/groups/tl/-/epics/${epic.epic.iid}.json`;
      const done = await t.request({
        method: 'PUT',
        url,
        payload: { epic: toggle(5, '- [ ] ship', true) },
        as: reporter,
      });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ description: 'Plan\n\n- [ ] write\n- [x] review\n- [x] ship\n' });
      const stale = await t.request({
        method: 'PUT',
        url,
        payload: { epic: toggle(5, '- [ ] ship', true) },
        as: reporter,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ errors: [STALE_EPIC_MESSAGE] });
    });
  });
});
