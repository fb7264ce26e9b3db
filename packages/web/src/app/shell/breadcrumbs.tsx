import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import type { Crumb } from '../../lib/namespace-breadcrumbs.ts';
import styles from './breadcrumbs.module.css';

type BreadcrumbsProps = { items: readonly Crumb[] };

/** Where the page sits: each crumb links to its page; the last is the current page. */
export function Breadcrumbs({ items }: BreadcrumbsProps) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
      <ol>
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a trail is positional; two crumbs may share a page
            <li key={index} className={styles.item}>
              <Link to={item.to} className={styles.link} aria-current={isLast ? 'page' : undefined}>
                {item.label}
              </Link>
              {!isLast && <Icon name="chevron-right" size={12} className={styles.separator} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
