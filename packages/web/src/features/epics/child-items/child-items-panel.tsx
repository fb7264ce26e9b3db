import { Roadmap } from '../../roadmap/roadmap.tsx';
import styles from './child-items-panel.module.css';

type ChildItemsPanelProps = { groupFullPath: string; iid: string };

/**
 * The epic's child items (spec 001 §2.2). For now the roadmap of its child epics; the tree of child
 * issues and epics is not built yet.
 */
export function ChildItemsPanel({ groupFullPath, iid }: ChildItemsPanelProps) {
  return (
    <section className={styles.section} aria-labelledby="epic-roadmap-heading">
      <h2 id="epic-roadmap-heading" className={styles.sectionTitle}>
        Roadmap
      </h2>
      <Roadmap groupFullPath={groupFullPath} epicIid={iid} />
    </section>
  );
}
