/**
 * The issue lists' first requests as the web sends them (its own documents, read from
 * packages/web): the page of issues reads no total of its own — the state tabs' counts are the one
 * pass over every matching issue (decision 0081) — and neither the page nor the counts include what
 * the viewer may not read. Statements are counted, not timed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { graphqlStatements } from '../../test/statements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const webList = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/src/features/issues/list');
/** The web's IssuesListQuery and IssuesListCountsQuery, as the list page sends them. */
const LIST = fs.readFileSync(path.join(webList, 'issues-list.query.graphql'), 'utf8');
const COUNTS = fs.readFileSync(path.join(webList, 'issues-list-counts.query.graphql'), 'utf8');
/** A statement that counts issues (the page's own award counts are over `award_emoji`). */
const countsIssues = (s: string) => /count\(\*\)/i.test(s) && /from "issues"/i.test(s);

type Page = { nodes: { title: string }[]; pageInfo: { hasNextPage: boolean } };
type ListData = { group: { issues: Page } | null; project?: { issues: Page } | null };
type CountsData = { group: { issueStatusCounts: { opened: number; closed: number; all: number } } | null };

describe('the issue lists’ first requests', () => {
  let t: TestApp;
  let owner: UserRow;
  let guest: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    const f = issuesFactories(t);
    owner = await t.buildUser();
    guest = await t.buildUser();
    const group = await t.buildGroup({ path: 'liststmts', owner, visibility: 'public' });
    const project = await t.buildProject({ group, path: 'app', visibility: 'public' });
    await t.addProjectMember(project, guest, 10);
    for (let n = 0; n < 3; n++) await f.buildIssue({ project, author: owner, title: `Open ${n}` });
    await f.buildIssue({ project, author: owner, title: 'Closed', closed: true });
    await f.buildIssue({ project, author: owner, title: 'Confidential', confidential: true });
  }, 120_000);

  const groupVariables = { fullPath: 'liststmts', isProject: false, filters: {} };

  it('reads the page of issues without a total of its own', async () => {
    const { data, statements } = await graphqlStatements<ListData>(
      t,
      LIST,
      { ...groupVariables, state: 'opened', sort: 'CREATED_DESC', first: 2 },
      owner,
    );
    expect(data.group?.issues.nodes.map((n) => n.title)).toEqual(['Confidential', 'Open 2']);
    expect(data.group?.issues.pageInfo.hasNextPage).toBe(true);
    // The page is read with one row more than it shows; no count(*) over the matching issues.
    expect(statements.filter(countsIssues)).toEqual([]);
  });

  it('counts the tabs in one statement, without what the viewer may not read', async () => {
    const asOwner = await graphqlStatements<CountsData>(t, COUNTS, groupVariables, owner);
    expect(asOwner.data.group?.issueStatusCounts).toEqual({ opened: 4, closed: 1, all: 5 });
    expect(asOwner.statements.filter(countsIssues)).toHaveLength(1);
    const asGuest = await graphqlStatements<CountsData>(t, COUNTS, groupVariables, guest);
    expect(asGuest.data.group?.issueStatusCounts).toEqual({ opened: 3, closed: 1, all: 4 });
  });

  it('leaves the confidential issue out of a Guest’s page exactly like a missing one', async () => {
    const { data } = await graphqlStatements<ListData>(
      t,
      LIST,
      { ...groupVariables, state: 'all', sort: 'CREATED_DESC', first: 20 },
      guest,
    );
    expect(data.group?.issues.nodes.map((n) => n.title)).toEqual(['Closed', 'Open 2', 'Open 1', 'Open 0']);
    expect(data.group?.issues.pageInfo.hasNextPage).toBe(false);
  });
});
