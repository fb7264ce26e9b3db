import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { LinkedItemsPermissionsQueryDocument } from '../../../gql/graphql.ts';
import { AddLinkedItemsForm } from './add-linked-items-form.tsx';
import styles from './linked-items.module.css';
import { FETCH_FAILED, REMOVE_FAILED, type RelatedEpicItem } from './linked-items-api.ts';
import { LinkedItemsList } from './linked-items-list.tsx';
import { RemoveLinkedItemModal } from './remove-linked-item-modal.tsx';
import { useRelatedEpics } from './use-related-epics.ts';

export const EMPTY_TEXT = "Link epics together to show that they're related, or that one blocks another.";

type LinkedItemsProps = { groupFullPath: string; iid: string };

/**
 * 'Linked items' of the epic page: related epics grouped by relation type, an add form
 * (spec 001 §2.8, §5) and removal with confirmation, for users who may administer the epic's relations.
 */
export function LinkedItems({ groupFullPath, iid }: LinkedItemsProps) {
  const headingId = useId();
  const permissions = useQuery(LinkedItemsPermissionsQueryDocument, { variables: { fullPath: groupFullPath, iid } });
  const epic = permissions.data?.group?.epic;
  const canAdmin = epic?.userPermissions.adminEpicRelation ?? false;
  // The list is fetched once GraphQL says the epic is there and readable.
  const related = useRelatedEpics(groupFullPath, iid, Boolean(epic));
  const { items, add, remove } = related;
  const error = related.error ?? (permissions.error ? FETCH_FAILED : null);
  const { pushAlert } = useAlerts();
  const [isFormOpen, setFormOpen] = useState(false);
  const [removing, setRemoving] = useState<RelatedEpicItem | null>(null);
  const [removeInProgress, setRemoveInProgress] = useState(false);

  const handleAdd = async (references: string[], linkType: Parameters<typeof add>[1]) => {
    await add(references, linkType);
    setFormOpen(false);
  };

  const handleConfirmRemove = async () => {
    if (!removing?.relation_path) return;
    setRemoveInProgress(true);
    try {
      await remove(removing.relation_path);
    } catch (failure) {
      pushAlert({ variant: 'danger', message: failure instanceof Error ? failure.message : REMOVE_FAILED });
    } finally {
      setRemoveInProgress(false);
      setRemoving(null);
    }
  };

  if (permissions.data && !epic) return null;
  const count = items?.length ?? 0;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.sectionTitle}>
          Linked items
        </h2>
        <span className={styles.count}>
          <Icon name="epic" />
          <span aria-hidden="true">{count}</span>
          <span className="visually-hidden">{count === 1 ? '1 linked epic' : `${count} linked epics`}</span>
        </span>
        {canAdmin && (
          <div className={styles.headerActions}>
            <Button compact onPress={() => setFormOpen(true)} isDisabled={isFormOpen} aria-label="Add linked epic">
              Add
            </Button>
          </div>
        )}
      </div>
      <div className={styles.body}>
        {isFormOpen && <AddLinkedItemsForm onSubmit={handleAdd} onCancel={() => setFormOpen(false)} />}
        {error ? (
          <p className={styles.error}>
            <Icon name="error" />
            {error}
          </p>
        ) : items === null ? (
          <SkeletonList rows={2} label="Loading linked epics" />
        ) : items.length === 0 ? (
          <p className={styles.empty}>{EMPTY_TEXT}</p>
        ) : (
          <LinkedItemsList items={items} onRemove={setRemoving} />
        )}
      </div>
      <RemoveLinkedItemModal
        item={removing}
        isRemoving={removeInProgress}
        onCancel={() => setRemoving(null)}
        onConfirm={handleConfirmRemove}
      />
    </section>
  );
}
