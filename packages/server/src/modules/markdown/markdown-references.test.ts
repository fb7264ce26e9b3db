/**
 * Markdown references rendered for one reader (issue 15): `#3`, `group/project#3`, `&1`, `@user`,
 * `%milestone`, `~label` become links where the reader may see the target, and hidden targets read
 * exactly like missing ones — through the preview route, GraphQL's `descriptionHtml` and notes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

describe('markdown references', () => {
  let t: TestApp;
  let owner: UserRow;
  let outsider: UserRow;
  let acme: GroupRow;
  let web: ProjectWithGroup;
  let vault: ProjectWithGroup;
  let epicIid: number;
  let confidentialEpicIid: number;
  let closedIssueIid: number;
  let secretIssueIid: number;
  let labelId: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser({ username: 'rita' });
    outsider = await t.buildUser();
    acme = await t.buildGroup({ path: 'acme', owner });
    web = await t.buildProject({ group: acme, path: 'web' });
    const secret = await t.buildGroup({ path: 'secret', visibility: 'private', owner });
    vault = await t.buildProject({ group: secret, path: 'vault', visibility: 'private' });
    const actor = userActor(owner);
    const closed = await t.services.issues.create(actor, web, { title: 'Closed one' });
    await t.services.issues.update(actor, closed, { stateEvent: 'close' });
    closedIssueIid = closed.issue.iid;
    secretIssueIid = (await t.services.issues.create(actor, vault, { title: 'Hidden' })).issue.iid;
    epicIid = (await t.services.epics.create(actor, acme, { title: 'Launch' })).epic.iid;
    confidentialEpicIid = (await t.services.epics.create(actor, acme, { title: 'Quiet', confidential: true })).epic.iid;
    labelId = (
      await t.services.labels.create(actor, { type: 'Group', group: acme }, { title: 'bug', color: '#dc143c' })
    ).id;
    await t.services.labels.create(actor, { type: 'Project', ...web }, { title: 'needs review', color: '#f0ad4e' });
    await t.services.labels.create(actor, { type: 'Project', ...vault }, { title: 'bug', color: '#000000' });
    await t.services.milestones.create(actor, { type: 'Group', group: acme }, { title: 'v1.0' });
    await t.services.milestones.create(actor, { type: 'Project', ...vault }, { title: 'Secret plan' });
  });

  const previewIn = async (url: string, text: string, as: UserRow | null) => {
    const res = await t.request({ method: 'POST', url, payload: { text }, as });
    expect(res.statusCode).toBe(200);
    return res.json<{ body: string }>().body;
  };

  it('links references in a project text, with GitLab classes and data attributes', async () => {
    const html = await previewIn(
      '/acme/web/-/preview_markdown',
      `#${closedIssueIid}, &${epicIid}, ~bug ~"needs review" ~${labelId}, %v1.0, @Rita and \`#${closedIssueIid}\``,
      outsider,
    );
    expect(html).toContain(
      `<a href="/acme/web/-/issues/${closedIssueIid}" class="gfm gfm-issue" data-reference-type="issue" data-original="#${closedIssueIid}" data-project-path="acme/web" data-iid="${closedIssueIid}">#${closedIssueIid} (closed)</a>`,
    );
    expect(html).toContain(
      `<a href="/groups/acme/-/epics/${epicIid}" class="gfm gfm-epic" data-reference-type="epic" data-original="&amp;${epicIid}" data-group-path="acme" data-iid="${epicIid}">&amp;${epicIid}</a>`,
    );
    expect(html).toContain(
      `<a href="/acme/web/-/issues?label_name[]=bug" class="gfm gfm-label" data-reference-type="label" data-original="~bug" data-label="${labelId}" data-label-color="#dc143c" data-label-text-color="#FFFFFF" data-group-path="acme">bug</a>`,
    );
    expect(html).toContain('data-original="~&quot;needs review&quot;"');
    expect(html).toContain('>needs review</a>');
    expect(html).toContain(`data-original="~${labelId}"`);
    expect(html).toMatch(/<a href="\/groups\/acme\/-\/milestones\/1" class="gfm gfm-milestone"[^>]*>%v1.0<\/a>/);
    expect(html).toContain(
      `<a href="/rita" class="gfm gfm-project_member" data-reference-type="user" data-original="@Rita" data-user="${owner.id}" data-username="rita">@Rita</a>`,
    );
    expect(html).toContain(`<code>#${closedIssueIid}</code>`);
  });

  it('renders hidden targets exactly like missing ones, and shows them to readers who may see them', async () => {
    const text = `acme/web#${closedIssueIid} secret/vault#${secretIssueIid} secret/vault#999 &${confidentialEpicIid} &999 secret/vault~bug secret/vault%"Secret plan" secret/vault%"Nope"`;
    const outside = await previewIn('/groups/acme/-/preview_markdown', text, outsider);
    expect(outside).toBe(
      `<p><a href="/acme/web/-/issues/${closedIssueIid}" class="gfm gfm-issue" data-reference-type="issue" data-original="acme/web#${closedIssueIid}" data-project-path="acme/web" data-iid="${closedIssueIid}">acme/web#${closedIssueIid} (closed)</a> secret/vault#${secretIssueIid} secret/vault#999 &amp;${confidentialEpicIid} &amp;999 secret/vault~bug secret/vault%"Secret plan" secret/vault%"Nope"</p>\n`,
    );
    const signedOut = await previewIn('/groups/acme/-/preview_markdown', text, null);
    expect(signedOut).toBe(outside);
    const inside = await previewIn('/groups/acme/-/preview_markdown', text, owner);
    expect(inside).toContain(`href="/secret/vault/-/issues/${secretIssueIid}"`);
    expect(inside).toContain(`href="/groups/acme/-/epics/${confidentialEpicIid}"`);
    expect(inside).toContain('href="/secret/vault/-/issues?label_name[]=bug"');
    expect(inside).toContain('data-label-color="#000000"');
    expect(inside).toMatch(/href="\/secret\/vault\/-\/milestones\/1"[^>]*>secret\/vault%Secret plan<\/a>/);
    expect(inside).toContain('secret/vault#999 ');
  });

  it('renders references in GraphQL descriptionHtml for the reader, and in notes', async () => {
    const issue = await t.services.issues.create(userActor(owner), web, {
      title: 'Refs',
      description: `Blocked by secret/vault#${secretIssueIid} and #${closedIssueIid}`,
    });
    await t.services.notes.create(
      userActor(owner),
      { type: 'Issue', node: issue },
      { body: `See secret/vault#${secretIssueIid} ~bug` },
    );
    const query = `query($p: ID!, $iid: String!) { project(fullPath: $p) { issue(iid: $iid) {
      descriptionHtml notes { nodes { bodyHtml } } } } }`;
    const read = async (as: UserRow) => {
      const res = await t.graphql<{
        project: { issue: { descriptionHtml: string; notes: { nodes: Array<{ bodyHtml: string }> } } };
      }>(query, { p: 'acme/web', iid: String(issue.issue.iid) }, { as });
      expect(res.errors).toBeUndefined();
      return (res.data as NonNullable<typeof res.data>).project.issue;
    };
    const mine = await read(owner);
    expect(mine.descriptionHtml).toContain(`href="/secret/vault/-/issues/${secretIssueIid}"`);
    expect(mine.notes.nodes.some((n) => n.bodyHtml.includes(`href="/secret/vault/-/issues/${secretIssueIid}"`))).toBe(
      true,
    );
    const theirs = await read(outsider);
    expect(theirs.descriptionHtml).toContain(
      `Blocked by secret/vault#${secretIssueIid} and <a href="/acme/web/-/issues/${closedIssueIid}"`,
    );
    // The issue page's JSON (GitLab's `IssueEntity`) renders the same for each reader.
    const json = async (as: UserRow) => {
      const res = await t.request({ method: 'GET', url: `/acme/web/-/issues/${issue.issue.iid}.json`, as });
      expect(res.statusCode).toBe(200);
      return res.json<{ description_html: string }>().description_html;
    };
    expect(await json(owner)).toContain(`href="/secret/vault/-/issues/${secretIssueIid}"`);
    expect(await json(outsider)).toContain(
      `Blocked by secret/vault#${secretIssueIid} and <a href="/acme/web/-/issues/${closedIssueIid}"`,
    );
    const note = theirs.notes.nodes.find((n) => n.bodyHtml.includes('See '));
    expect(note?.bodyHtml).toContain(
      `See secret/vault#${secretIssueIid} <a href="/acme/web/-/issues?label_name[]=bug"`,
    );
  });
});
