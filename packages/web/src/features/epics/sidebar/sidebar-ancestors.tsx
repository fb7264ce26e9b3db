import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import type { EpicSidebarFieldsFragment } from '../../../gql/graphql.ts';
import styles from './epic-sidebar.module.css';

type Ancestor = NonNullable<EpicSidebarFieldsFragment['ancestors']>['nodes'][number];

/** Ancestors: the chain of parent epics the viewer can see, top-level first, as links. */
export function SidebarAncestors({ ancestors }: { ancestors: readonly Ancestor[] }) {
  return (
    <section className={styles.section} aria-label="Ancestors" data-section="ancestors">
      <div className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle}>Ancestors</h2>
      </div>
      {ancestors.length === 0 ? (
        <span className={styles.none}>None</span>
      ) : (
        <ol className={styles.ancestors}>
          {ancestors.map((a) => (
            <li key={a.id} className={styles.ancestor}>
              <Icon name="epic" />
              <Link to={a.webPath} className={styles.ancestorLink}>
                {a.title ?? `&${a.iid}`}
              </Link>
              {a.confidential && (
                <span className={styles.confidentialIcon} role="img" aria-label="Confidential">
                  <Icon name="eye-slash" />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
