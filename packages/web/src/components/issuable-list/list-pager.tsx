import { Link } from 'react-router';
import { Icon } from '../ui/icon.tsx';
import styles from './issuable-list.module.css';

type ListPagerProps = {
  /** The link of the previous page, or null on the first page. */
  previousHref: string | null;
  /** The link of the next page, or null on the last page. */
  nextHref: string | null;
  /** 'Page 2 of 7', when known. */
  status?: string;
  /** Where the pager sits in a row of its own page (e.g. beside a page-size select). */
  className?: string;
};

/** GitLab's keyset pager: Previous and Next as links (disabled at either end). */
export function ListPager({ previousHref, nextHref, status, className }: ListPagerProps) {
  if (!previousHref && !nextHref) return null;
  const end = (text: string, href: string | null, icon: 'chevron-left' | 'chevron-right') => {
    const content =
      icon === 'chevron-left' ? (
        <>
          <Icon name={icon} />
          {text}
        </>
      ) : (
        <>
          {text}
          <Icon name={icon} />
        </>
      );
    return href ? (
      <Link to={href} className={styles.pageLink} rel={icon === 'chevron-left' ? 'prev' : 'next'}>
        {content}
      </Link>
    ) : (
      <span className={styles.pageLink} aria-disabled="true">
        {content}
      </span>
    );
  };
  return (
    <nav aria-label="Pagination" className={className ? `${styles.pager} ${className}` : styles.pager}>
      {end('Previous', previousHref, 'chevron-left')}
      {status && <span className={styles.pageStatus}>{status}</span>}
      {end('Next', nextHref, 'chevron-right')}
    </nav>
  );
}
