import type { ReactNode } from 'react';
import { ServerHtml } from '../../features/issuables/server-html.tsx';
import type { Crumb } from '../../lib/namespace-breadcrumbs.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import styles from './page-header.module.css';

type PageHeaderProps = {
  breadcrumbs: readonly Crumb[];
  title: string;
  /** The title as the server rendered it for this reader (references as links); `title` names the tab. */
  titleHtml?: string | null;
  /** Shown before the title (an avatar). */
  leading?: ReactNode;
  /** A line under the title (path, visibility). */
  subtitle?: ReactNode;
  /** The page's primary actions, on the right. */
  actions?: ReactNode;
};

/** Breadcrumbs and the page title row; also names the browser tab. */
export function PageHeader({ breadcrumbs, title, titleHtml, leading, subtitle, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className={styles.header}>
      <Breadcrumbs items={breadcrumbs} />
      <div className={styles.titleRow}>
        <div className={styles.titleBlock}>
          {leading}
          <div>
            {titleHtml ? (
              <ServerHtml as="h1" html={titleHtml} className={styles.title} />
            ) : (
              <h1 className={styles.title}>{title}</h1>
            )}
            {subtitle && <div className={styles.subtitle}>{subtitle}</div>}
          </div>
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}
