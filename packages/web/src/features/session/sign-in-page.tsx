import { useApolloClient } from '@apollo/client/react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { instanceSettings } from '../../lib/instance-settings.ts';
import { routes } from '../../lib/routes.ts';
import { safeRedirect } from '../../lib/session.ts';
import { SessionLayout } from './session-layout.tsx';
import { SignInForm } from './sign-in-form.tsx';
import styles from './sign-in-page.module.css';
import { useFlash } from './use-flash.ts';

/** `/users/sign_in`: after signing in, go to `?redirect=` (same-origin only) or the groups dashboard. */
export function SignInPage() {
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
    <SessionLayout
      title="Sign in"
      footer={
        instanceSettings().signupEnabled ? (
          <>
            Don't have an account yet? <Link to={routes.signUp()}>Register now</Link> ·{' '}
            <Link to={routes.dashboardGroups()}>Explore public groups</Link>
          </>
        ) : undefined
      }
    >
      {flash && (
        <Alert variant={flash.variant} className={styles.flash}>
          {flash.message}
        </Alert>
      )}
      <SignInForm onSignedIn={handleSignedIn} />
      <Link to={routes.forgotPassword()} className={styles.forgot}>
        Forgot your password?
      </Link>
    </SessionLayout>
  );
}
