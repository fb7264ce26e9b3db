import type { IssuePageIssueFragment } from '../../../gql/graphql.ts';
import { IssueBadges } from './issue-header.tsx';
import styles from './issue-sticky-header.module.css';

type IssueStickyHeaderProps = {
  issue: IssuePageIssueFragment;
  /** Whether the page's title has scrolled out of view. */
  visible: boolean;
  /** The id of the page's top, which the title links to. */
  topId: string;
};

/**
 * The bar that stays at the top while the title is scrolled away (spec 002 §2.1): the state
 * badge, the confidential, locked, hidden and imported badges, and the title linking to the top.
 * Issues and incidents only (tasks have none). It floats over the page, so nothing moves when it
 * appears; it fades in.
 */
export function IssueStickyHeader({ issue, visible, topId }: IssueStickyHeaderProps) {
  if (issue.type === 'TASK') return null;
  return (
    <div className={styles.anchor}>
      {visible && (
        <div className={styles.bar} data-testid="issue-sticky-header">
          <IssueBadges issue={issue} sticky />
          <a href={`#${topId}`} className={styles.title}>
            {issue.title}
          </a>
        </div>
      )}
    </div>
  );
}
