import { useApolloClient } from '@apollo/client/react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { routes } from '../../lib/routes.ts';
import { safeRedirect } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { SignInForm } from './sign-in-form.tsx';
import styles from './sign-in-page.module.css';
import { useFlash } from './use-flash.ts';

/** `/users/sign_in`: after signing in, go to `?redirect=` (same-origin only) or the groups dashboard. */
export function SignInPage() {
  useDocumentTitle('Sign in');
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const client = useApolloClient();
  const navigate = useNavigate();
  const { currentUser } = useCurrentUser();
  const flash = useFlash();

  if (currentUser) return <Navigate to={redirect} replace />;

  const handleSignedIn = async () => {
    await client.resetStore();
    navigate(redirect, { replace: true });
  };

  return (
    <main className={styles.page}>
      <Link to="/" className={styles.brand}>
        <Icon name="roadmap" size={28} className={styles.mark} />
        Milepost
      </Link>
      <div className={styles.card}>
        <h1 className={styles.heading}>Sign in</h1>
        {flash && (
          <Alert variant="info" className={styles.flash}>
            {flash}
          </Alert>
        )}
        <SignInForm onSignedIn={handleSignedIn} />
      </div>
      <p className={styles.footer}>
        <Link to={routes.dashboardGroups()}>Explore public groups</Link>
      </p>
    </main>
  );
}
