import { useState } from 'react';
import { type IssuableAction, IssuableActionsMenu } from '../../components/planning/issuable-actions-menu.tsx';
import { ConfirmDialog, ConfirmText } from '../../components/ui/confirm-dialog.tsx';
import { RestError } from '../../lib/rest.ts';
import type { PlanningScope } from '../labels/planning-scope.ts';
import { MilestoneFormDialog } from './milestone-form-dialog.tsx';
import { deleteMilestone, promoteMilestone, type RestMilestone, setMilestoneState } from './milestones-requests.ts';

type MilestoneActionsProps = {
  scope: PlanningScope;
  milestone: RestMilestone;
  canAdmin: boolean;
  /** The project's group, when the viewer may promote to it. */
  promoteTo: { fullName: string } | null;
  /** After a change: the changed milestone, or null when it was deleted. */
  onChanged: (milestone: RestMilestone | null) => void;
  onError: (message: string) => void;
};

/** A milestone's actions menu — Edit, Close/Reopen, Promote, Delete — with their dialogs. */
export function MilestoneActions({ scope, milestone, canAdmin, promoteTo, onChanged, onError }: MilestoneActionsProps) {
  const [pending, setPending] = useState<'edit' | 'delete' | 'promote' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!canAdmin) return null;

  const run = async (action: () => Promise<unknown>, deleted = false) => {
    setBusy(true);
    try {
      const result = (await action()) as RestMilestone | undefined;
      onChanged(deleted ? null : (result ?? milestone));
    } catch (e) {
      onError(e instanceof RestError ? e.message : 'Something went wrong. Try again.');
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const closed = milestone.state === 'closed';
  const items: IssuableAction[] = [
    { id: 'edit', label: 'Edit', onAction: () => setPending('edit') },
    {
      id: 'state',
      label: closed ? 'Reopen' : 'Close',
      onAction: () => run(() => setMilestoneState(scope, milestone.id, closed ? 'activate' : 'close')),
    },
    ...(scope.kind === 'project' && promoteTo
      ? [{ id: 'promote', label: 'Promote to group milestone', onAction: () => setPending('promote') }]
      : []),
  ];
  return (
    <>
      <IssuableActionsMenu
        label={`Actions for milestone ${milestone.title}`}
        items={items}
        endItems={[{ id: 'delete', label: 'Delete', danger: true, onAction: () => setPending('delete') }]}
        disabledKeys={busy ? ['state'] : undefined}
      />
      {pending === 'edit' && (
        <MilestoneFormDialog
          scope={scope}
          milestone={milestone}
          onClose={() => setPending(null)}
          onSaved={(saved) => {
            setPending(null);
            onChanged(saved);
          }}
        />
      )}
      {pending === 'delete' && (
        <ConfirmDialog
          title={`Delete milestone ${milestone.title}?`}
          isOpen
          confirmLabel="Delete milestone"
          pendingLabel="Deleting…"
          isPending={busy}
          onCancel={() => setPending(null)}
          onConfirm={() => run(() => deleteMilestone(scope, milestone.id), true)}
        >
          <ConfirmText>
            Once deleted, the milestone is gone for good and its issues no longer have a milestone. This cannot be
            undone.
          </ConfirmText>
        </ConfirmDialog>
      )}
      {pending === 'promote' && promoteTo && (
        <ConfirmDialog
          title={`Promote ${milestone.title} to group milestone?`}
          isOpen
          confirmLabel="Promote milestone"
          pendingLabel="Promoting…"
          isPending={busy}
          onCancel={() => setPending(null)}
          onConfirm={() => run(() => promoteMilestone(scope, milestone.id))}
        >
          <ConfirmText>
            Promoting {milestone.title} will make it available for all projects inside {promoteTo.fullName}. Existing
            project milestones with the same title will be merged. This action cannot be reversed.
          </ConfirmText>
        </ConfirmDialog>
      )}
    </>
  );
}
