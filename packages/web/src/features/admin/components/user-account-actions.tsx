import { useState } from 'react';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, ConfirmText } from '../../../components/ui/confirm-dialog.tsx';
import { RestError } from '../../../lib/rest.ts';
import styles from '../admin-user.module.css';
import { type AdminUser, changeUserState, deleteAdminUser, type StateEvent } from '../admin-user.ts';
import { unlockUser } from '../unlock-user-request.ts';

export type Action = StateEvent | 'unlock' | 'delete';

type ActionCopy = {
  title: string;
  /** The question of the confirmation dialog; actions without one run at once. */
  confirm?: (user: ActionTarget) => string;
  button: string;
  pending: string;
  done: (user: ActionTarget) => string;
};

/** GitLab's admin-area words for each action on an account. */
const ACTIONS: Record<Action, ActionCopy> = {
  block: {
    title: 'Block user',
    confirm: (u) =>
      `Block @${u.username}? They are signed out at once, cannot sign in or use the API, and keep their contributions and memberships.`,
    button: 'Block',
    pending: 'Blocking…',
    done: (u) => `User @${u.username} was blocked.`,
  },
  unblock: {
    title: 'Unblock user',
    button: 'Unblock',
    pending: 'Unblocking…',
    done: (u) => `User @${u.username} was unblocked.`,
  },
  deactivate: {
    title: 'Deactivate user',
    confirm: (u) =>
      `Deactivate @${u.username}? They are signed out and cannot use the API; signing in again reactivates the account.`,
    button: 'Deactivate',
    pending: 'Deactivating…',
    done: (u) => `User @${u.username} was deactivated.`,
  },
  activate: {
    title: 'Activate user',
    button: 'Activate',
    pending: 'Activating…',
    done: (u) => `User @${u.username} was activated.`,
  },
  unlock: {
    title: 'Unlock user',
    button: 'Unlock',
    pending: 'Unlocking…',
    done: (u) => `User @${u.username} was unlocked.`,
  },
  delete: {
    title: 'Delete user',
    confirm: (u) =>
      `Delete @${u.username}? Their account, memberships, tokens and sessions are removed for good. Their issues, epics and comments stay and are shown as by the Ghost User.`,
    button: 'Delete user',
    pending: 'Deleting…',
    done: (u) => `User @${u.username} was deleted.`,
  },
};

/** Who an action is for: the REST id and the username. */
export type ActionTarget = { id: number; username: string };

type Callbacks = { onChanged: () => void; onDeleted?: () => void };

/**
 * Runs the account actions on `target`, asking first for the drastic ones: `start(action)`, what is
 * `running`, and the confirmation `dialog` to render.
 */
export function useUserActions(target: ActionTarget, { onChanged, onDeleted }: Callbacks) {
  const { pushAlert } = useAlerts();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [running, setRunning] = useState<Action | null>(null);

  const run = async (action: Action) => {
    setRunning(action);
    try {
      if (action === 'delete') await deleteAdminUser(target.id);
      else if (action === 'unlock') await unlockUser(target.username);
      else await changeUserState(target.id, action);
      setConfirming(null);
      if (action === 'delete' && onDeleted) onDeleted();
      else {
        pushAlert({ variant: 'success', message: ACTIONS[action].done(target) });
        onChanged();
      }
    } catch (caught) {
      setConfirming(null);
      const reason = caught instanceof RestError ? caught.message : 'Try again.';
      pushAlert({ variant: 'danger', message: `${ACTIONS[action].title} failed: ${reason}` });
    } finally {
      setRunning(null);
    }
  };

  const start = (action: Action) => (ACTIONS[action].confirm ? setConfirming(action) : run(action));
  const copy = confirming ? ACTIONS[confirming] : null;
  const dialog = (
    <ConfirmDialog
      title={copy ? `${copy.title}?` : ''}
      isOpen={copy !== null}
      confirmLabel={copy?.button}
      pendingLabel={copy?.pending}
      isPending={running !== null}
      onCancel={() => setConfirming(null)}
      onConfirm={() => confirming && run(confirming)}
    >
      <ConfirmText>{copy?.confirm?.(target)}</ConfirmText>
    </ConfirmDialog>
  );
  return { start, running, dialog };
}

/** The state actions a user in this state can be given (GitLab's rules: unblock before activate). */
export function stateActions(user: Pick<AdminUser, 'state' | 'locked'>): Action[] {
  const available: Action[] = [user.state === 'blocked' ? 'unblock' : 'block'];
  if (user.state === 'deactivated') available.push('activate');
  else if (user.state === 'active') available.push('deactivate');
  if (user.locked) available.push('unlock');
  return available;
}

/** The button of one action (danger for those that take access away). */
export function UserActionButton({
  action,
  running,
  onStart,
}: {
  action: Action;
  running: Action | null;
  onStart: (action: Action) => void;
}) {
  return (
    <Button
      variant={action === 'block' || action === 'deactivate' || action === 'delete' ? 'danger' : 'default'}
      isDisabled={running !== null}
      onPress={() => onStart(action)}
    >
      {running === action ? ACTIONS[action].pending : ACTIONS[action].button}
    </Button>
  );
}

type Props = { user: AdminUser; onChanged: () => void; onDeleted: () => void };

/** The account's state actions (block, deactivate, unlock) and 'Delete user', each asking first when it is drastic. */
export function UserAccountActions({ user, onChanged, onDeleted }: Props) {
  const { start, running, dialog } = useUserActions(user, { onChanged, onDeleted });
  return (
    <section className={styles.card} aria-labelledby="actions-heading">
      <h2 id="actions-heading" className={styles.cardTitle}>
        Account actions
      </h2>
      <div className={styles.actionList}>
        {stateActions(user).map((action) => (
          <UserActionButton key={action} action={action} running={running} onStart={start} />
        ))}
      </div>
      <h3 className={styles.dangerTitle}>Delete user</h3>
      <p className={styles.help}>
        Their issues, epics and comments stay, shown as by the Ghost User. The sole owner of a group cannot be deleted.
      </p>
      <UserActionButton action="delete" running={running} onStart={start} />
      {dialog}
    </section>
  );
}
