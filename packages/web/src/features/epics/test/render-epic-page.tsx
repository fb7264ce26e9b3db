/** The epic page (acme&5) over a test client, for the page's component tests. */
import { withQuietDiscussions } from '../../discussions/test/quiet-discussion-handlers.ts';
import { renderDetailPage } from '../../issuables/test/render-detail-page.tsx';
import type { Handler } from '../../roadmap/test/render-roadmap.tsx';
import { EpicPage } from '../epic-page.tsx';

export const EPIC_PAGE_GROUP = {
  __typename: 'Group',
  id: 'gid://gitlab/Group/1',
  name: 'Acme Corp',
  fullName: 'Acme Corp',
  fullPath: 'acme',
  avatarUrl: null,
} as const;

/** Epic acme&5 by Alice, open, with every permission unless overridden. */
export function buildPageEpic(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Epic',
    id: 'gid://gitlab/Epic/1',
    iid: '5',
    title: 'Platform modernization',
    // The server's rendering of the title (its references as links): here the title as it is.
    titleHtml: (overrides.title as string | undefined) ?? 'Platform modernization',
    description: 'Move *everything*',
    descriptionHtml: '<p>Move <em>everything</em></p>',
    state: 'opened',
    confidential: false,
    imported: false,
    createdAt: '2026-11-19T12:00:00Z',
    updatedAt: '2026-11-19T12:00:00Z',
    lockVersion: 2,
    webPath: '/groups/acme/-/epics/5',
    fullReference: 'acme&5',
    author: {
      __typename: 'UserCore',
      id: 'gid://gitlab/User/2',
      name: 'Alice Liddell',
      username: 'alice',
      webPath: '/alice',
    },
    awardEmoji: { __typename: 'AwardEmojiConnection', nodes: [] },
    userPermissions: {
      __typename: 'EpicPermissions',
      updateEpic: true,
      destroyEpic: true,
      createEpic: true,
      awardEmoji: true,
    },
    ...overrides,
  };
}

export type PageEpic = ReturnType<typeof buildPageEpic>;

/** What the sidebar shows of the epic: no dates, labels or ancestors. */
const SIDEBAR_FIELDS = {
  subscribed: false,
  color: '#1068bf',
  textColor: '#FFFFFF',
  hasParent: false,
  startDate: null,
  startDateIsFixed: false,
  startDateFixed: null,
  startDateFromInheritedSource: null,
  startDateSourcingMilestone: null,
  startDateSourcingEpic: null,
  dueDate: null,
  dueDateIsFixed: false,
  dueDateFixed: null,
  dueDateFromInheritedSource: null,
  dueDateSourcingMilestone: null,
  dueDateSourcingEpic: null,
  labels: { __typename: 'LabelConnection', nodes: [] },
  ancestors: { __typename: 'EpicConnection', count: 0, nodes: [] },
};

/**
 * EpicPageQuery's answer for `epic` (the header's fields), with the sidebar's fields and the linked
 * items' permission beside the header's permissions.
 */
export function epicPageAnswer(epic: PageEpic | null) {
  const answer = epic && {
    ...SIDEBAR_FIELDS,
    ...epic,
    userPermissions: { adminEpic: true, adminEpicRelation: true, ...epic.userPermissions },
  };
  return { group: { __typename: 'Group', id: EPIC_PAGE_GROUP.id, epic: answer } };
}

/** Renders the page of `epic` (null: not found); `handlers` answer the other operations by name. */
export function renderEpicPage(epic: PageEpic | null, handlers: Record<string, Handler> = {}) {
  return renderDetailPage(
    <EpicPage group={EPIC_PAGE_GROUP} iid="5" />,
    '/groups/acme/-/epics/5',
    ['EpicPageQuery', epicPageAnswer(epic)],
    withQuietDiscussions('Epic', EPIC_PAGE_GROUP, epic, handlers),
  );
}
