import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { GlobalShortcuts } from '../../components/shortcuts/global-shortcuts.tsx';
import { ShortcutsNavButton } from '../../components/shortcuts/shortcuts-nav-button.tsx';
import { VisitTracker } from '../../features/frequent-items/visit-tracker.tsx';
import { AlertsArea } from '../alerts/alerts-area.tsx';
import styles from './app-shell.module.css';
import { LeftNav } from './left-nav.tsx';
import { TopBar } from './top-bar.tsx';
import { useNavState } from './use-nav-state.ts';

const NAV_ID = 'left-nav';

/** Top bar, left navigation and the content column with alerts above the page. */
export function AppShell() {
  const { narrow, expanded, toggle, closeDrawer } = useNavState();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!(narrow && expanded)) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [narrow, expanded, closeDrawer]);

  return (
    <div className={styles.shell}>
      <GlobalShortcuts onToggleNavigation={toggle} />
      <a href="#content" className={styles.skipLink}>
        Skip to main content
      </a>
      <VisitTracker />
      <TopBar navId={NAV_ID} navExpanded={expanded} onToggleNav={toggle} signInRedirect={pathname + search} />
      <div className={styles.body}>
        <div
          className={[styles.navSlot, !expanded && styles.navCollapsed].filter(Boolean).join(' ')}
          inert={!expanded || undefined}
        >
          <LeftNav id={NAV_ID} />
          <ShortcutsNavButton />
        </div>
        {narrow && expanded && (
          <button type="button" className={styles.backdrop} aria-label="Close navigation" onClick={closeDrawer} />
        )}
        <main id="content" className={styles.main} tabIndex={-1}>
          <div className={styles.content}>
            <AlertsArea />
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
