import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useNamespaceTrail } from '../../features/namespaces/use-namespace-context.ts';
import type { Crumb } from '../../lib/namespace-breadcrumbs.ts';
import styles from './breadcrumbs.module.css';

type BreadcrumbsProps = { items: readonly Crumb[] };

/**
 * Where the page sits: each crumb links to its page; the last is the current page. A group's or
 * project's crumb shows its avatar (GitLab's), as the left navigation's header does.
 */
export function Breadcrumbs({ items }: BreadcrumbsProps) {
  const trail = useNamespaceTrail();
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
      <ol>
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          const namespace = item.namespace === undefined ? undefined : trail.get(item.namespace);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a trail is positional; two crumbs may share a page
            <li key={index} className={styles.item}>
              <Link to={item.to} className={styles.link} aria-current={isLast ? 'page' : undefined}>
                {namespace && (
                  <Avatar name={item.label} src={namespace.avatarUrl} seed={namespace.id} size="xs" shape="square" />
                )}
                <span className={styles.label}>{item.label}</span>
              </Link>
              {!isLast && <Icon name="chevron-right" size={12} className={styles.separator} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
