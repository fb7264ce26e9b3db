import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import styles from './child-items-panel.module.css';

export const EMPTY_TEXT =
  "Link child issues and epics together to show that they're related, or that one blocks another.";
const LEARN_MORE_URL = 'https://docs.gitlab.com/ee/user/group/epics/manage_epics.html#multi-level-child-epics';

/** The panel's header counts: direct child epics and issues. */
export function ChildItemsHeaderCounts({ epics, issues }: { epics: number; issues: number }) {
  return (
    <span className={styles.counts}>
      <span className={styles.count}>
        <Icon name="epic" />
        <span aria-hidden="true">{epics}</span>
        <span className="visually-hidden">{epics === 1 ? '1 child epic' : `${epics} child epics`}</span>
      </span>
      <span className={styles.count}>
        <Icon name="issues" />
        <span aria-hidden="true">{issues}</span>
        <span className="visually-hidden">{issues === 1 ? '1 child issue' : `${issues} child issues`}</span>
      </span>
    </span>
  );
}

/** Shown when the epic has no child items yet. */
export function ChildItemsEmptyState() {
  return (
    <EmptyState
      icon="epic"
      title="No child items yet"
      headingLevel={3}
      description={
        <>
          {EMPTY_TEXT}{' '}
          <a
            href={LEARN_MORE_URL}
            target="_blank"
            rel="noreferrer"
            aria-label="Learn more about child issues and epics"
          >
            Learn more
          </a>
        </>
      }
    />
  );
}
