import type { ReactNode } from 'react';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { SkeletonList } from '../../components/ui/skeleton.tsx';

/** The Admin area's pages: administrators see them, everyone else the not-found page (hidden looks missing). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { currentUser, loading } = useCurrentUser();
  if (loading) return <SkeletonList rows={4} label="Loading" />;
  if (!currentUser?.admin) return <NotFoundPage />;
  return children;
}
