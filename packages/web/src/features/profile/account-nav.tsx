import { NavLink } from 'react-router';
import { routes } from '../../lib/routes.ts';
import styles from './profile.module.css';

/** The account pages' tabs: profile, password, active sessions. */
export function AccountNav() {
  const link = ({ isActive }: { isActive: boolean }) =>
    [styles.tab, isActive && styles.active].filter(Boolean).join(' ');
  return (
    <nav aria-label="Account settings" className={styles.nav}>
      <NavLink to={routes.editProfile()} end className={link}>
        Profile
      </NavLink>
      <NavLink to={routes.editPassword()} className={link}>
        Password
      </NavLink>
      <NavLink to={routes.activeSessions()} className={link}>
        Active sessions
      </NavLink>
    </nav>
  );
}
