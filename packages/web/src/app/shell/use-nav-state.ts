import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useNarrowScreen } from '../../lib/use-media-query.ts';

const STORAGE_KEY = 'milepost.nav.collapsed';

function storedCollapsed(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Whether the left navigation shows. Wide screens remember the user's choice; narrow screens
 * keep it closed and open it as a drawer that closes again on navigation.
 */
export function useNavState() {
  const narrow = useNarrowScreen();
  const [collapsed, setCollapsed] = useState(storedCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every page change is the point
  useEffect(() => setDrawerOpen(false), [pathname]);

  const toggle = useCallback(() => {
    if (narrow) {
      setDrawerOpen((open) => !open);
      return;
    }
    setCollapsed((value) => {
      try {
        window.localStorage.setItem(STORAGE_KEY, String(!value));
      } catch {
        // storage unavailable: the choice lasts for this page only
      }
      return !value;
    });
  }, [narrow]);

  const expanded = narrow ? drawerOpen : !collapsed;
  return { narrow, expanded, toggle, closeDrawer: () => setDrawerOpen(false) };
}
