/** The issue page (acme/platform#12) over a test client, for the page's component tests. */
import { withQuietDiscussions } from '../../discussions/test/quiet-discussion-handlers.ts';
import { renderDetailPage } from '../../issuables/test/render-detail-page.tsx';
import type { Handler } from '../../roadmap/test/render-roadmap.tsx';
import { IssuePage } from '../issue-page.tsx';

export const ISSUE_PAGE_PROJECT = {
  __typename: 'Project',
  id: 'gid://gitlab/Project/3',
  name: 'Platform',
  fullPath: 'acme/platform',
  nameWithNamespace: 'Acme Corp / Platform',
  avatarUrl: null,
} as const;

/** Issue acme/platform#12 by Alice, open, with every permission unless overridden. */
export function buildPageIssue(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Issue',
    id: 'gid://gitlab/Issue/40',
    iid: '12',
    title: 'Checkout fails on Safari',
    titleHtml: 'Checkout fails on Safari',
    description: 'Steps: *pay*',
    descriptionHtml: '<p>Steps: <em>pay</em></p>',
    state: 'opened',
    type: 'ISSUE',
    confidential: false,
    discussionLocked: false,
    imported: false,
    hidden: false,
    blocked: false,
    createdAt: '2026-11-19T12:00:00Z',
    updatedAt: '2026-11-19T12:00:00Z',
    lockVersion: 2,
    webPath: '/acme/platform/-/issues/12',
    webUrl: 'http://localhost/acme/platform/-/issues/12',
    fullReference: 'acme/platform#12',
    taskCompletionStatus: { __typename: 'TaskCompletionStatus', count: 0, completedCount: 0 },
    closedAsDuplicateOf: null,
    movedTo: null,
    promotedToEpicUrl: null,
    isFirstContribution: false,
    author: {
      __typename: 'UserCore',
      id: 'gid://gitlab/User/2',
      name: 'Alice Liddell',
      username: 'alice',
      webPath: '/alice',
    },
    awardEmoji: { __typename: 'AwardEmojiConnection', nodes: [] },
    userPermissions: { __typename: 'IssuePermissions', updateIssue: true, destroyIssue: true, awardEmoji: true },
    ...overrides,
  };
}

export type PageIssue = ReturnType<typeof buildPageIssue>;

/** Renders the page of `issue` (null: not found) at `url`; `handlers` answer the other operations by name. */
export function renderIssuePage(
  issue: PageIssue | null,
  handlers: Record<string, Handler> = {},
  options: { url?: string; canCreateIncident?: boolean } = {},
) {
  const project = {
    __typename: 'Project',
    id: ISSUE_PAGE_PROJECT.id,
    userPermissions: { __typename: 'ProjectPermissions', createIncident: options.canCreateIncident ?? true },
    issue,
  };
  return renderDetailPage(
    <IssuePage project={ISSUE_PAGE_PROJECT} iid="12" />,
    options.url ?? '/acme/platform/-/issues/12',
    ['IssuePageQuery', { project }],
    withQuietDiscussions('Issue', ISSUE_PAGE_PROJECT, issue, handlers),
  );
}
