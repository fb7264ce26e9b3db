import { Link } from 'react-router';
import { Icon } from '../ui/icon.tsx';
import styles from './sidebar-section.module.css';
import { SidebarSection } from './sidebar-section.tsx';

/** One ancestor epic; `null` stands for one the viewer may not see. */
export type SidebarAncestor = {
  id: string;
  iid: string;
  title?: string | null;
  webPath: string;
  confidential?: boolean | null;
} | null;

export const HIDDEN_ANCESTOR = "You don't have permission to view this epic";
export const ANCESTORS_FETCH_ERROR = 'An error occurred while fetching ancestors';

type SidebarAncestorsProps = { ancestors: readonly SidebarAncestor[]; error?: boolean };

/** Ancestors: the chain of parent epics, top-level first, as links; hidden ones say so (spec 002 §6). */
export function SidebarAncestors({ ancestors, error = false }: SidebarAncestorsProps) {
  return (
    <SidebarSection title="Ancestors" name="ancestors">
      {error ? (
        <p className={styles.fieldError}>{ANCESTORS_FETCH_ERROR}</p>
      ) : ancestors.length === 0 ? (
        <span className={styles.none}>None</span>
      ) : (
        <ol className={styles.chain}>
          {ancestors.map((a, index) => (
            <li key={a?.id ?? `hidden-${index}`} className={styles.chainItem}>
              <Icon name="epic" />
              {a ? (
                <Link to={a.webPath} className={styles.chainLink}>
                  {a.title ?? `&${a.iid}`}
                </Link>
              ) : (
                <span>{HIDDEN_ANCESTOR}</span>
              )}
              {a?.confidential && (
                <span className={styles.confidentialIcon} role="img" aria-label="Confidential">
                  <Icon name="eye-slash" />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </SidebarSection>
  );
}
