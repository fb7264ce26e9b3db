import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { routes } from '../../lib/routes.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import styles from './sign-in-page.module.css';

type SessionLayoutProps = { title: string; children: ReactNode; footer?: ReactNode };

/** The signed-out pages' frame (sign in, forgot and reset password): the brand, one card, a footer line. */
export function SessionLayout({ title, children, footer }: SessionLayoutProps) {
  useDocumentTitle(title);
  return (
    <main className={styles.page}>
      <Link to="/" className={styles.brand}>
        <Icon name="roadmap" size={28} className={styles.mark} />
        Milepost
      </Link>
      <div className={styles.card}>
        <h1 className={styles.heading}>{title}</h1>
        {children}
      </div>
      <p className={styles.footer}>{footer ?? <Link to={routes.dashboardGroups()}>Explore public groups</Link>}</p>
    </main>
  );
}
