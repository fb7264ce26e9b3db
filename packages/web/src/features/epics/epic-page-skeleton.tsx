import skeleton from '../../components/ui/skeleton.module.css';
import styles from './epic-page-skeleton.module.css';

/**
 * The epic's header and body while its query is in flight, shaped like them (state badge and
 * author line, the title, three lines of description), so nothing jumps when they arrive; the
 * child items and the sidebar below and beside it load on their own meanwhile.
 */
export function EpicHeadSkeleton() {
  return (
    <div className={styles.head} role="status" aria-label="Loading epic">
      <div className={styles.meta}>
        <span className={`${skeleton.row} ${styles.badge}`} />
        <span className={`${skeleton.row} ${styles.author}`} />
      </div>
      <span className={`${skeleton.row} ${styles.title}`} />
      <span className={`${skeleton.row} ${styles.line}`} />
      <span className={`${skeleton.row} ${styles.line}`} />
      <span className={`${skeleton.row} ${styles.lineShort}`} />
    </div>
  );
}
