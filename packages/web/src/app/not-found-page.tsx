import { SIGN_IN_REQUIRED_FLASH } from '@milepost/shared';
import { Navigate, useLocation } from 'react-router';
import { ButtonLink } from '../components/ui/button.tsx';
import { SkeletonList } from '../components/ui/skeleton.tsx';
import { routes } from '../lib/routes.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { ErrorMessage } from './error-message.tsx';
import { useCurrentUser } from './use-current-user.ts';

type NotFoundPageProps = {
  /**
   * The address may name something private (a group, project, user, epic or issue): a signed-out
   * visitor is sent to sign in and back, as the server does on a full page load, since only an
   * account can tell hidden from missing.
   */
  signInIfSignedOut?: boolean;
};

/** What any unknown address, or a group or project the viewer may not see, shows. */
export function NotFoundPage({ signInIfSignedOut = false }: NotFoundPageProps) {
  return signInIfSignedOut ? <SignInOrNotFound /> : <NotFoundMessage />;
}

function SignInOrNotFound() {
  const { currentUser, loading } = useCurrentUser();
  const location = useLocation();
  if (loading) return <SkeletonList rows={4} label="Loading" />;
  if (!currentUser) {
    const back = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={routes.signIn(back)} state={{ flash: SIGN_IN_REQUIRED_FLASH }} replace />;
  }
  return <NotFoundMessage />;
}

function NotFoundMessage() {
  useDocumentTitle('Page Not Found');
  return (
    <ErrorMessage
      code="404"
      title="Page Not Found"
      text="Make sure the address is correct and the page hasn't moved."
      actions={<ButtonLink to={routes.dashboardGroups()}>Go to your groups</ButtonLink>}
    />
  );
}
