import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { ImportedBadge, IssuableBadge } from '../../../components/planning/issuable-badge.tsx';
import { IssuableStatusBadge } from '../../../components/planning/issuable-status-badge.tsx';
import type { SidebarCollapsed } from '../../../components/planning/use-sidebar-collapsed.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import type { IssuePageIssueFragment } from '../../../gql/graphql.ts';
import { useNarrowScreen } from '../../../lib/use-media-query.ts';
import headerStyles from '../../issuables/detail-header.module.css';
import { EditDescriptionButton, useEditDescriptionShortcut } from '../../issuables/edit-description-button.tsx';
import { IssuableCreated } from '../../issuables/issuable-created.tsx';
import styles from './issue-header.module.css';
import { checklistText, closedStatusLink, issueTypeName } from './issue-status.ts';

type IssueHeaderProps = {
  issue: IssuePageIssueFragment;
  /** The sidebar's state: on small screens the header has the 'Expand sidebar' button. */
  sidebar: SidebarCollapsed;
  /** Whether the viewer may edit (`updateIssue`): the Edit button. */
  canUpdate: boolean;
  isEditing: boolean;
  onEdit: () => void;
  /**
   * The actions dropdown, mounted by the page. On narrow screens Edit belongs inside it (spec 002
   * §2.1), so the Edit button shows there only while no dropdown is mounted.
   */
  actions?: ReactNode;
};

const TYPE_ICONS = { issue: 'issues', incident: 'incident', task: 'task' } as const;

/**
 * The issue's header (spec 002 §2.1): the state badge ('Closed (duplicated)' and the like with
 * their link), the attribute badges, the work item type icon, 'Created %{timeAgo} by %{author}',
 * the checklist progress, the expand-sidebar button on small screens and the actions.
 */
export function IssueHeader({ issue, sidebar, canUpdate, isEditing, onEdit, actions }: IssueHeaderProps) {
  const narrow = useNarrowScreen();
  const typeName = issueTypeName(issue.type);
  const checklist = checklistText(issue.taskCompletionStatus);
  useEditDescriptionShortcut(onEdit, canUpdate && !isEditing);
  return (
    <div className={headerStyles.header}>
      <div className={headerStyles.meta}>
        <IssueBadges issue={issue} />
        <span className={styles.type}>
          <Icon name={TYPE_ICONS[typeName]} label={typeName === 'issue' ? 'Issue' : capitalize(typeName)} />
        </span>
        <IssuableCreated verb="Created" createdAt={issue.createdAt} author={issue.author} />
        {issue.isFirstContribution && (
          <IssuableBadge icon="sparkle" variant="neutral">
            1st contribution!
          </IssuableBadge>
        )}
        {checklist && <span className={styles.checklist}>{checklist}</span>}
      </div>
      <div className={headerStyles.actions}>
        {canUpdate && !isEditing && (!narrow || !actions) && <EditDescriptionButton onEdit={onEdit} />}
        {actions}
        {sidebar.isSmall && sidebar.collapsed && (
          <Button
            variant="tertiary"
            iconOnly
            aria-label="Expand sidebar"
            aria-expanded={false}
            onPress={() => sidebar.setCollapsed(false)}
          >
            <Icon name="sidebar-expand" />
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * The state badge and the confidential, blocked, locked, hidden and imported badges; `sticky`: the sticky header's
 * set (no blocked badge).
 */
export function IssueBadges({ issue, sticky = false }: { issue: IssuePageIssueFragment; sticky?: boolean }) {
  const closed = closedStatusLink({
    state: issue.state,
    duplicatedToIssueUrl: issue.closedAsDuplicateOf?.webUrl,
    movedToIssueUrl: issue.movedTo?.webUrl,
    promotedToEpicUrl: issue.promotedToEpicUrl,
  });
  return (
    <>
      <IssuableStatusBadge state={issue.state}>
        {closed ? (
          <>
            Closed (
            <Link href={closed.url} className={styles.statusLink}>
              {closed.reason}
            </Link>
            )
          </>
        ) : undefined}
      </IssuableStatusBadge>
      {issue.confidential && (
        <IssuableBadge icon="eye-slash" variant="warning">
          Confidential
        </IssuableBadge>
      )}
      {issue.blocked && !sticky && (
        <IssuableBadge icon="blocked" variant="danger">
          Blocked
        </IssuableBadge>
      )}
      {issue.discussionLocked && (
        <IssuableBadge icon="lock" variant="neutral" tooltip={lockedText(issueTypeName(issue.type))}>
          Locked
        </IssuableBadge>
      )}
      {issue.hidden && (
        <IssuableBadge
          icon="spam"
          variant="warning"
          tooltip={`This ${issueTypeName(issue.type)} is hidden because it was submitted as spam.`}
        >
          Hidden
        </IssuableBadge>
      )}
      {issue.imported && <ImportedBadge importableType={issueTypeName(issue.type)} />}
    </>
  );
}

/** Spec 002 §2.1, verbatim. */
export const lockedText = (issuable: string) =>
  `The discussion in this ${issuable} is locked. Only project members can comment.`;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
