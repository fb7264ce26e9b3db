import { type ReactNode, useId, useState } from 'react';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { AddLinkedItemsForm } from './add-linked-items-form.tsx';
import styles from './linked-items.module.css';
import { type LinkedItem, type LinkedItemType, linkedItemsMessages } from './linked-items-api.ts';
import { LinkedItemsList } from './linked-items-list.tsx';
import { RemoveLinkedItemModal } from './remove-linked-item-modal.tsx';
import { useLinkedItems } from './use-linked-items.ts';

export function linkedItemsEmptyText(type: LinkedItemType): string {
  return `Link ${type}s together to show that they're related, or that one blocks another.`;
}

type LinkedItemsSectionProps = {
  type: LinkedItemType;
  /** The list's JSON path (`relatedLinksPath` / `issueLinksPath`). */
  listPath: string;
  /** Fetch once the page knows the item is readable. */
  enabled: boolean;
  canAdmin: boolean;
  /** The section's anchor (`related-issues` on the issue page, as GitLab's blocking popover links). */
  anchorId?: string;
  /** Extra content of the header, from the current list (the issue page's blocking popover). */
  renderHeaderExtra?: (items: readonly LinkedItem[]) => ReactNode;
};

/**
 * 'Linked items' of the epic and issue pages: linked epics or issues grouped by relation type
 * (blocks, is blocked by, relates to), an add form (spec 001 §2.8, §5) and removal with
 * confirmation, for users who may administer the relations.
 */
export function LinkedItemsSection({
  type,
  listPath,
  enabled,
  canAdmin,
  anchorId,
  renderHeaderExtra,
}: LinkedItemsSectionProps) {
  const headingId = useId();
  const { items, error, add, remove } = useLinkedItems(listPath, type, enabled);
  const { pushAlert } = useAlerts();
  const [isFormOpen, setFormOpen] = useState(false);
  const [removing, setRemoving] = useState<LinkedItem | null>(null);
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
      pushAlert({
        variant: 'danger',
        message: failure instanceof Error ? failure.message : linkedItemsMessages(type).removeFailed,
      });
    } finally {
      setRemoveInProgress(false);
      setRemoving(null);
    }
  };

  const count = items?.length ?? 0;
  return (
    <section id={anchorId} className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.sectionTitle}>
          Linked items
        </h2>
        <span className={styles.count}>
          <Icon name={type === 'epic' ? 'epic' : 'issues'} />
          <span aria-hidden="true">{count}</span>
          <span className="visually-hidden">{count === 1 ? `1 linked ${type}` : `${count} linked ${type}s`}</span>
        </span>
        {items && renderHeaderExtra?.(items)}
        {canAdmin && (
          <div className={styles.headerActions}>
            <Button compact onPress={() => setFormOpen(true)} isDisabled={isFormOpen} aria-label={`Add linked ${type}`}>
              Add
            </Button>
          </div>
        )}
      </div>
      <div className={styles.body}>
        {isFormOpen && <AddLinkedItemsForm type={type} onSubmit={handleAdd} onCancel={() => setFormOpen(false)} />}
        {error ? (
          <p className={styles.error}>
            <Icon name="error" />
            {error}
          </p>
        ) : items === null ? (
          <SkeletonList rows={1} size="line" label={`Loading linked ${type}s`} />
        ) : items.length === 0 ? (
          <p className={styles.empty}>{linkedItemsEmptyText(type)}</p>
        ) : (
          <LinkedItemsList type={type} items={items} onRemove={setRemoving} />
        )}
      </div>
      <RemoveLinkedItemModal
        type={type}
        item={removing}
        isRemoving={removeInProgress}
        onCancel={() => setRemoving(null)}
        onConfirm={handleConfirmRemove}
      />
    </section>
  );
}
