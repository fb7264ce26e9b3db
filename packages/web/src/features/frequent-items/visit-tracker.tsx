import { useEffect } from 'react';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { afterPaint } from '../../lib/after-paint.ts';
import { useNamespaceContext } from '../namespaces/use-namespace-context.ts';
import { trackVisit } from './track-visits.ts';

/** Reports the project or group the signed-in viewer is looking at (renders nothing). */
export function VisitTracker() {
  const context = useNamespaceContext();
  const { currentUser } = useCurrentUser();
  const signedIn = currentUser !== null;
  const type = context.kind === 'project' ? 'projects' : context.kind === 'group' ? 'groups' : null;
  const id = context.kind === 'project' ? context.project.id : context.kind === 'group' ? context.group.id : null;
  // After the page's first paint: a report nobody waits for leaves out of the first screen's way.
  useEffect(() => {
    if (signedIn && type && id) return afterPaint(() => trackVisit(type, id));
  }, [signedIn, type, id]);
  return null;
}
