import styles from './milestones.module.css';
import type { RestIssue } from './milestones-requests.ts';

const COLUMNS: { title: string; test: (i: RestIssue) => boolean }[] = [
  { title: 'Unstarted Issues (open and unassigned)', test: (i) => i.state === 'opened' && i.assignees.length === 0 },
  { title: 'Ongoing Issues (open and assigned)', test: (i) => i.state === 'opened' && i.assignees.length > 0 },
  { title: 'Completed Issues (closed)', test: (i) => i.state === 'closed' },
];

/** The milestone's issues by state, in GitLab's three columns. */
export function MilestoneIssues({ issues }: { issues: readonly RestIssue[] }) {
  return (
    <section className={styles.columns} aria-label="Issues">
      {COLUMNS.map((column) => {
        const rows = issues.filter(column.test);
        return (
          <div key={column.title} className={styles.column}>
            <h2 className={styles.columnTitle}>
              {column.title} <span className={styles.count}>{rows.length}</span>
            </h2>
            {rows.length === 0 ? (
              <p className={styles.hint}>No issues.</p>
            ) : (
              <ul className={styles.issueList}>
                {rows.map((issue) => (
                  <li key={issue.id} className={styles.issue}>
                    <a href={new URL(issue.web_url).pathname}>{issue.title}</a>
                    <span className={styles.meta}>
                      {issue.references?.full ?? `#${issue.iid}`}
                      {issue.weight !== null ? ` · weight ${issue.weight}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}
