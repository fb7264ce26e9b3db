import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SkeletonList } from '../components/ui/skeleton.tsx';
import { routes } from '../lib/routes.ts';
import { useCurrentUser } from './use-current-user.ts';

/**
 * A page for signed-in users: a visitor who reaches it inside the app (the server already redirects
 * a first request) is sent to sign in and back, as GitLab's `authenticate_user!` does.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { currentUser, loading } = useCurrentUser();
  const { pathname, search } = useLocation();
  if (loading) return <SkeletonList rows={4} label="Loading" />;
  if (!currentUser) return <Navigate to={routes.signIn(`${pathname}${search}`)} replace />;
  return children;
}
