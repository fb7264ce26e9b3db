import type { MilestonePageQueryQuery } from '../../gql/graphql.ts';
import styles from './milestones.module.css';

type MilestoneEpic = NonNullable<NonNullable<MilestonePageQueryQuery['group']>['epics']>['nodes'][number];

const COLUMNS: { title: string; state: MilestoneEpic['state'] }[] = [
  { title: 'Open epics', state: 'opened' },
  { title: 'Closed epics', state: 'closed' },
];

/**
 * The epics in a milestone (those holding its issues), open and closed side by side; the count says
 * when more exist than the first hundred listed.
 */
export function MilestoneEpics({ epics, total }: { epics: readonly MilestoneEpic[]; total: number }) {
  return (
    <section className={styles.epicColumns} aria-labelledby="milestone-epics-title">
      <h2 id="milestone-epics-title" className={styles.sectionTitle}>
        Epics <span className={styles.count}>{total}</span>
      </h2>
      {total > epics.length && (
        <p className={styles.hint}>
          The first {epics.length} of {total} epics are listed.
        </p>
      )}
      <div className={styles.epicColumnsGrid}>
        {COLUMNS.map((column) => {
          const rows = epics.filter((epic) => epic.state === column.state);
          return (
            <div key={column.state} className={styles.column}>
              <h3 className={styles.columnTitle}>
                {column.title} <span className={styles.count}>{rows.length}</span>
              </h3>
              {rows.length === 0 ? (
                <p className={styles.hint}>No epics.</p>
              ) : (
                <ul className={styles.issueList}>
                  {rows.map((epic) => (
                    <li key={epic.id} className={styles.issue}>
                      <a href={epic.webPath}>{epic.title}</a>
                      <span className={styles.meta}>{epic.reference}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
