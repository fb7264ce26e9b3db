import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormActions } from '../../../components/ui/form.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { formatCalendarDate, formatDate } from '../../../lib/format-date.ts';
import { routes } from '../../../lib/routes.ts';
import { ROLE_OPTIONS, roleName } from '../access-levels.ts';
import styles from './members-table.module.css';

export type MemberRowData = {
  id: string;
  user: { id: string; username: string; name: string; avatarUrl?: string | null; webPath?: string | null };
  accessLevel: number;
  createdAt?: string | null;
  expiresAt?: string | null;
  /** Direct members belong to this group/project; inherited ones to an ancestor group. */
  source: { kind: 'direct' } | { kind: 'inherited'; name: string; fullPath: string };
};

type MembersTableProps = {
  members: readonly MemberRowData[];
  canAdmin: boolean;
  sourceName: string;
  onChangeRole: (member: MemberRowData, accessLevel: string) => void;
  onRemove: (member: MemberRowData) => Promise<void>;
};

/** Account, source, role (editable for direct members by Owners), dates, and 'Remove member'. */
export function MembersTable({ members, canAdmin, sourceName, onChangeRole, onRemove }: MembersTableProps) {
  const [removing, setRemoving] = useState<MemberRowData | null>(null);
  const [busy, setBusy] = useState(false);

  const handleConfirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    await onRemove(removing);
    setBusy(false);
    setRemoving(null);
  };

  return (
    <>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Source</th>
            <th scope="col">Role</th>
            <th scope="col">Member since</th>
            <th scope="col">Expiration</th>
            {canAdmin && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const editable = canAdmin && member.source.kind === 'direct';
            return (
              <tr key={member.id}>
                <td>
                  <div className={styles.account}>
                    <Avatar name={member.user.name} src={member.user.avatarUrl} seed={member.user.id} />
                    <div className={styles.names}>
                      <Link to={member.user.webPath ?? routes.user(member.user.username)} className={styles.name}>
                        {member.user.name}
                      </Link>
                      <span className={styles.username}>@{member.user.username}</span>
                    </div>
                  </div>
                </td>
                <td data-label="Source">
                  {member.source.kind === 'direct' ? (
                    'Direct member'
                  ) : (
                    <>
                      Inherited from <Link to={routes.group(member.source.fullPath)}>{member.source.name}</Link>
                    </>
                  )}
                </td>
                <td data-label="Role" className={styles.role}>
                  {editable ? (
                    <SelectField
                      label={`Role of ${member.user.name}`}
                      hideLabel
                      compact
                      options={ROLE_OPTIONS}
                      value={String(member.accessLevel)}
                      onChange={(level) => onChangeRole(member, level)}
                    />
                  ) : (
                    roleName(member.accessLevel)
                  )}
                </td>
                <td data-label="Member since" className="tabular">
                  {formatDate(member.createdAt) || '—'}
                </td>
                <td data-label="Expiration" className="tabular">
                  {formatCalendarDate(member.expiresAt) || 'No expiration set'}
                </td>
                {canAdmin && (
                  <td className={styles.actions}>
                    {editable && (
                      <Button
                        compact
                        variant="tertiary"
                        aria-label={`Remove ${member.user.name}`}
                        onPress={() => setRemoving(member)}
                      >
                        Remove member
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <Dialog
        title="Remove member"
        role="alertdialog"
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
      >
        <p className={styles.confirmText}>
          Are you sure you want to remove {removing?.user.name} from {sourceName}?
        </p>
        <FormActions>
          <Button variant="danger" onPress={handleConfirmRemove} isDisabled={busy}>
            Remove member
          </Button>
          <Button onPress={() => setRemoving(null)}>Cancel</Button>
        </FormActions>
      </Dialog>
    </>
  );
}
