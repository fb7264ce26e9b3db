import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';

/**
 * While `when` holds, asks before the page is left: links inside the app ask `message` (OK leaves),
 * closing or reloading the tab gets the browser's own question. `allowNavigation()` lets the next
 * navigation through (after a save that moves the page).
 */
export function useUnsavedChangesPrompt(when: boolean, message: string): { allowNavigation: () => void } {
  const allowed = useRef(false);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        when &&
        !allowed.current &&
        currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
      [when],
    ),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);

  useEffect(() => {
    if (!when) return;
    allowed.current = false;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers show their own text; older ones read returnValue.
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [when, message]);

  return {
    allowNavigation: useCallback(() => {
      allowed.current = true;
    }, []),
  };
}
