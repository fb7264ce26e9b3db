import { Button as AriaButton, Link } from 'react-aria-components';
import { Icon } from '../../../components/ui/icon.tsx';
import styles from './linked-items.module.css';
import { type LinkedItem, type LinkedItemType, type LinkType, linkId } from './linked-items-api.ts';

/** The groups in GitLab's order, with their headings. */
export const LINK_GROUPS: readonly { type: LinkType; heading: string }[] = [
  { type: 'blocks', heading: 'Blocks' },
  { type: 'is_blocked_by', heading: 'Is blocked by' },
  { type: 'relates_to', heading: 'Relates to' },
];

type LinkedItemsListProps = {
  type: LinkedItemType;
  items: readonly LinkedItem[];
  onRemove: (item: LinkedItem) => void;
};

/** The linked epics or issues grouped under 'Blocks', 'Is blocked by' and 'Relates to' (empty groups left out). */
export function LinkedItemsList({ type, items, onRemove }: LinkedItemsListProps) {
  return (
    <div className={styles.groups}>
      {LINK_GROUPS.map(({ type: linkType, heading }) => {
        const group = items.filter((item) => item.link_type === linkType);
        if (group.length === 0) return null;
        const headingId = `linked-items-${linkType}`;
        return (
          <section key={linkType} className={styles.group} aria-labelledby={headingId}>
            <h3 id={headingId} className={styles.groupHeading}>
              {heading}
            </h3>
            <ul className={styles.list}>
              {group.map((item) => (
                <LinkedItemRow key={linkId(item)} type={type} item={item} onRemove={onRemove} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

type LinkedItemRowProps = {
  type: LinkedItemType;
  item: LinkedItem;
  onRemove: (item: LinkedItem) => void;
};

function LinkedItemRow({ type, item, onRemove }: LinkedItemRowProps) {
  const closed = item.state === 'closed';
  return (
    <li className={styles.row} data-state={item.state}>
      <span
        className={`${styles.stateIcon} ${closed ? styles.closed : styles.open}`}
        role="img"
        aria-label={closed ? `Closed ${type}` : `Open ${type}`}
      >
        <Icon name={type === 'epic' ? 'epic' : 'issues'} />
      </span>
      {item.confidential && (
        <span className={styles.confidential}>
          <Icon name="eye-slash" label="Confidential" />
        </span>
      )}
      <Link href={item.path} className={styles.title}>
        {item.title}
      </Link>
      <span className={styles.reference}>{item.reference}</span>
      {item.relation_path && (
        <AriaButton className={styles.remove} aria-label={`Remove ${item.title}`} onPress={() => onRemove(item)}>
          <Icon name="close" />
        </AriaButton>
      )}
    </li>
  );
}
