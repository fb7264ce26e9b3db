/**
 * The reported content of an abuse report (GraphQL `AbuseReport.reportedContent`): the issue, epic
 * or comment of the page the report came from, as it is now; nothing for other pages or sites.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { reportedLocation } from './reported-content.service.ts';

type Content = {
  issue: { title: string; descriptionHtml: string | null } | null;
  epic: { title: string } | null;
  note: { bodyHtml: string | null; author: { username: string } | null } | null;
} | null;

const QUERY = `query($id: ID!) { abuseReport(id: $id) { reportedContent {
  issue { title descriptionHtml } epic { title } note { bodyHtml author { username } } } } }`;

describe('reported content of abuse reports', () => {
  let t: TestApp;
  let admin: UserRow;
  let reporter: UserRow;
  let spammer: UserRow;
  let group: GroupRow;
  let project: ProjectWithGroup;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.buildUser({ admin: true });
    reporter = await t.buildUser();
    spammer = await t.buildUser();
    group = await t.buildGroup({ owner: admin, visibility: 'public' });
    project = await t.buildProject({ group, visibility: 'public' });
  });

  async function reportFrom(url: string): Promise<Content> {
    const filed = await t.request({
      method: 'POST',
      url: '/-/abuse_reports',
      as: reporter,
      payload: {
        user_id: spammer.id,
        abuse_report: { category: 'spam', reported_from_url: url, message: `From ${url}` },
      },
    });
    expect(filed.statusCode).toBe(201);
    const id = filed.json<{ abuse_report: { id: number } }>().abuse_report.id;
    // Closed at once, so the next report of the same category is not a duplicate.
    await t.request({
      method: 'PUT',
      url: `/api/v4/admin/abuse_reports/${id}`,
      as: admin,
      payload: { status: 'closed' },
    });
    const res = await t.graphql<{ abuseReport: { reportedContent: Content } }>(
      QUERY,
      { id: `gid://gitlab/AbuseReport/${id}` },
      { as: admin },
    );
    expect(res.errors).toBeUndefined();
    return res.data?.abuseReport.reportedContent ?? null;
  }

  it('finds the comment on an issue page, and the issue itself without a comment anchor', async () => {
    const { buildIssue } = issuesFactories(t);
    const issue = await buildIssue({ project, description: 'Buy **cheap** things' });
    const note = await t.services.notes.create(
      userActor(admin),
      { type: 'Issue', node: issue },
      {
        body: 'Visit my *shop*',
      },
    );
    const page = `${TEST_BASE_URL}/${project.project.fullPath}/-/issues/${issue.issue.iid}`;
    const onNote = await reportFrom(`${page}#note_${note.note.id}`);
    expect(onNote?.issue?.title).toBe(issue.issue.title);
    expect(onNote?.note?.bodyHtml).toContain('<em>shop</em>');
    expect(onNote?.note?.author?.username).toBe(admin.username);
    const onIssue = await reportFrom(page);
    expect(onIssue?.note).toBeNull();
    expect(onIssue?.issue?.descriptionHtml).toContain('<strong>cheap</strong>');
  });

  it('finds an epic, and nothing for a profile page, another site or a deleted item', async () => {
    const { buildEpic } = epicsFactories(t);
    const epic = await buildEpic({ group, title: 'Spam epic' });
    const found = await reportFrom(`${TEST_BASE_URL}/groups/${group.fullPath}/-/epics/${epic.epic.iid}`);
    expect(found?.epic?.title).toBe('Spam epic');
    expect(await reportFrom(`${TEST_BASE_URL}/${spammer.username}`)).toBeNull();
    expect(await reportFrom(`https://elsewhere.example/groups/${group.fullPath}/-/epics/${epic.epic.iid}`)).toBeNull();
    expect(await reportFrom(`${TEST_BASE_URL}/groups/${group.fullPath}/-/epics/999999`)).toBeNull();
  });

  it('reads the path and the comment anchor of our own URLs only', () => {
    expect(reportedLocation('http://milepost.test/a/b/-/issues/3#note_12', 'http://milepost.test')).toEqual({
      path: '/a/b/-/issues/3',
      noteId: 12,
    });
    expect(reportedLocation('http://other.test/a', 'http://milepost.test')).toBeNull();
    expect(reportedLocation('not a url', 'http://milepost.test')).toBeNull();
  });
});
