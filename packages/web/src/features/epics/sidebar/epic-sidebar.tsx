import styles from './epic-sidebar.module.css';

type EpicSidebarProps = { groupFullPath: string; iid: string };

/**
 * The epic's right sidebar (spec 001 §2.3): to-do, subscription, start and due dates, labels,
 * colour, confidentiality, ancestors and participants. Not built yet, and it says so.
 */
export function EpicSidebar(_props: EpicSidebarProps) {
  return (
    <aside className={styles.sidebar} aria-label="Epic details">
      <p className={styles.coming}>
        The sidebar (dates, labels, colour, confidentiality, ancestors and participants) is coming in a later version of
        Milepost.
      </p>
    </aside>
  );
}
