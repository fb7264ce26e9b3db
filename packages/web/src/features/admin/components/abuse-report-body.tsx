import { ABUSE_CATEGORY_LABELS, isAbuseCategory } from '@milepost/shared/domain/abuse-report';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date.ts';
import styles from './admin-abuse-reports-panel.module.css';

/** The category's wording from the drawer ('They're posting spam…'); the enum is upper case. */
export function categoryLabel(category: string): string {
  const key = category.toLowerCase();
  return isAbuseCategory(key) ? ABUSE_CATEGORY_LABELS[key] : category;
}

type ReportFields = {
  category: string;
  message: string;
  linksToSpam: readonly string[];
  createdAt: string;
  reportedFromUrl?: string | null;
  reporter: { name: string; webPath: string };
};

/** What the reporter said: the category, their message, the links, who and when, and the page it came from. */
export function AbuseReportBody({ report }: { report: ReportFields }) {
  const { reporter } = report;
  return (
    <>
      <p className={styles.category}>{categoryLabel(report.category)}</p>
      <p className={styles.message}>{report.message}</p>
      {report.linksToSpam.length > 0 && (
        <ul className={styles.links} aria-label="Links to spam">
          {report.linksToSpam.map((link) => (
            <li key={link}>
              <a href={link} rel="noopener noreferrer nofollow" target="_blank">
                {link}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.meta}>
        Reported by{' '}
        <Link to={reporter.webPath} className={styles.reporter}>
          {reporter.name}
        </Link>
        {' on '}
        <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
        {report.reportedFromUrl && (
          <>
            {' · from '}
            <a href={report.reportedFromUrl} className={styles.from}>
              {report.reportedFromUrl}
            </a>
          </>
        )}
      </p>
    </>
  );
}
