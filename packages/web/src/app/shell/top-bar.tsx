import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { TopBarTodos } from '../../features/todos/top-bar-todos.tsx';
import { routes } from '../../lib/routes.ts';
import { useCurrentUser } from '../use-current-user.ts';
import styles from './top-bar.module.css';
import { TopSearch } from './top-search.tsx';
import { UserMenu } from './user-menu.tsx';

type TopBarProps = {
  navId: string;
  navExpanded: boolean;
  onToggleNav: () => void;
  signInRedirect: string;
};

/** The 48 px bar: navigation toggle, wordmark, group search and the user menu (or 'Sign in'). */
export function TopBar({ navId, navExpanded, onToggleNav, signInRedirect }: TopBarProps) {
  const { currentUser, loading } = useCurrentUser();
  return (
    <header className={styles.topBar}>
      <Button
        variant="tertiary"
        iconOnly
        aria-label={navExpanded ? 'Hide navigation' : 'Show navigation'}
        aria-expanded={navExpanded}
        aria-controls={navId}
        onPress={onToggleNav}
      >
        <Icon name={navExpanded ? 'sidebar-collapse' : 'sidebar-expand'} />
      </Button>
      <Link to={currentUser ? routes.dashboardGroups() : '/'} className={styles.wordmark} aria-label="Milepost home">
        <Icon name="roadmap" size={22} className={styles.mark} />
        <span className={styles.wordmarkText}>Milepost</span>
      </Link>
      <div className={styles.search}>
        <TopSearch />
      </div>
      <div className={styles.end}>
        {currentUser ? (
          <>
            <TopBarTodos />
            <UserMenu user={currentUser} />
          </>
        ) : (
          !loading && (
            <ButtonLink to={routes.signIn(signInRedirect)} variant="primary">
              Sign in
            </ButtonLink>
          )
        )}
      </div>
    </header>
  );
}
