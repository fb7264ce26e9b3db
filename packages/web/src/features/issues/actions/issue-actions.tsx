import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useCurrentUser } from '../../../app/use-current-user.ts';
import { DeleteConfirmModal } from '../../../components/planning/delete-confirm-modal.tsx';
import { type IssuableAction, IssuableActionsMenu } from '../../../components/planning/issuable-actions-menu.tsx';
import { useReportAbuse } from '../../../components/planning/use-report-abuse.ts';
import { useShortcut } from '../../../components/shortcuts/use-shortcut.ts';
import { IssueActionsQueryDocument, type IssueActionsQueryQuery } from '../../../gql/graphql.ts';
import { useNarrowScreen } from '../../../lib/use-media-query.ts';
import { BlockedCloseDialog } from './blocked-close-dialog.tsx';
import { NewRelatedIssueDialog } from './new-related-issue-dialog.tsx';
import { useIssueActions } from './use-issue-actions.ts';

type IssueActionsProps = {
  projectFullPath: string;
  iid: string;
  /** Opens the edit form; on narrow screens 'Edit' is a menu item (the page's Edit button on wide ones). */
  onEdit?: () => void;
  isEditing?: boolean;
};

const TYPE_NAMES = { ISSUE: 'issue', INCIDENT: 'incident', TASK: 'task' } as const;

type Loaded = NonNullable<NonNullable<IssueActionsQueryQuery['project']>['issue']>;

/**
 * The issue page's actions dropdown (spec 002 §2.1, §6): Edit (narrow screens), Close or Reopen,
 * 'New related {type}', 'Promote to epic', lock, notifications, 'Copy reference', 'Copy email
 * address', 'Report abuse', 'Submit as spam' and Delete — each only for whom the server allows it —
 * with the blocked-close and delete confirmations.
 */
export function IssueActions({ projectFullPath, iid, onEdit, isEditing = false }: IssueActionsProps) {
  const { data } = useQuery(IssueActionsQueryDocument, { variables: { fullPath: projectFullPath, iid } });
  const issue = data?.project?.issue;
  if (!issue) return null;
  return (
    <LoadedIssueActions
      issue={issue}
      projectFullPath={projectFullPath}
      canCreateIssue={data?.project?.userPermissions.createIssue === true}
      onEdit={onEdit}
      isEditing={isEditing}
    />
  );
}

function LoadedIssueActions({
  issue,
  projectFullPath,
  canCreateIssue,
  onEdit,
  isEditing,
}: Omit<IssueActionsProps, 'iid'> & { issue: Loaded; canCreateIssue: boolean; isEditing: boolean }) {
  const narrow = useNarrowScreen();
  const { currentUser } = useCurrentUser();
  const actions = useIssueActions(issue, projectFullPath);
  const reportAbuse = useReportAbuse(issue);
  useShortcut('copyReference', actions.copyReference);
  const [dialog, setDialog] = useState<'blocked' | 'delete' | 'related' | null>(null);
  const can = issue.userPermissions;
  const type = TYPE_NAMES[issue.type ?? 'ISSUE'];
  const isClosed = issue.state === 'closed';
  const blockers = issue.blockedByIssues?.nodes.filter((b) => b !== null) ?? [];
  const blockedCount = issue.blockedByIssues?.count ?? 0;

  const handleToggleState = () => {
    if (!isClosed && blockedCount > 0) setDialog('blocked');
    else void actions.toggleState();
  };
  // Closed either way: a failure's alert must not sit behind the dialog.
  const handleConfirmClose = async () => {
    await actions.toggleState();
    setDialog(null);
  };
  const handleConfirmDelete = async () => {
    if (!(await actions.remove())) setDialog(null);
  };

  const items: IssuableAction[] = [];
  if (narrow && onEdit && !isEditing && can.updateIssue) items.push({ id: 'edit', label: 'Edit', onAction: onEdit });
  if (isClosed ? can.reopenIssue : can.updateIssue) {
    items.push({ id: 'state', label: `${isClosed ? 'Reopen' : 'Close'} ${type}`, onAction: handleToggleState });
  }
  if (canCreateIssue)
    items.push({ id: 'new-related', label: `New related ${type}`, onAction: () => setDialog('related') });
  if (can.promoteToEpic) items.push({ id: 'promote', label: 'Promote to epic', onAction: actions.promoteToEpic });
  if (currentUser && type === 'issue' && can.adminIssue) {
    items.push({
      id: 'lock',
      label: issue.discussionLocked ? 'Unlock discussion' : 'Lock discussion',
      onAction: actions.toggleLock,
    });
  }
  if (currentUser) {
    items.push({
      id: 'notifications',
      label: issue.subscribed ? 'Turn off notifications' : 'Turn on notifications',
      onAction: actions.toggleSubscription,
    });
  }
  items.push({ id: 'copy-reference', label: 'Copy reference', onAction: actions.copyReference });
  if (currentUser && issue.createNoteEmail) {
    items.push({ id: 'copy-email', label: 'Copy email address', onAction: actions.copyEmail });
  }
  const endItems: IssuableAction[] = [];
  if (can.reportSpam)
    endItems.push({ id: 'spam', label: 'Submit as spam', danger: true, onAction: actions.submitAsSpam });
  if (can.destroyIssue) {
    endItems.push({ id: 'delete', label: `Delete ${type}`, danger: true, onAction: () => setDialog('delete') });
  }
  const disabledKeys = [...(actions.isStateChanging ? ['state'] : []), ...(actions.isPromoting ? ['promote'] : [])];

  return (
    <>
      <IssuableActionsMenu
        label="Issue actions"
        items={items}
        endItems={endItems}
        disabledKeys={disabledKeys}
        reportAbuse={reportAbuse}
      />
      <BlockedCloseDialog
        isOpen={dialog === 'blocked'}
        blockers={blockers}
        count={blockedCount}
        isClosing={actions.isStateChanging}
        onCancel={() => setDialog(null)}
        onConfirm={handleConfirmClose}
      />
      <DeleteConfirmModal
        issuableType={type}
        isOpen={dialog === 'delete'}
        isDeleting={actions.isDeleting}
        onCancel={() => setDialog(null)}
        onConfirm={handleConfirmDelete}
      />
      {canCreateIssue && (
        <NewRelatedIssueDialog
          isOpen={dialog === 'related'}
          type={type}
          projectFullPath={projectFullPath}
          relatedTo={issue}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
