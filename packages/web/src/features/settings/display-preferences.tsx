import { useQuery } from '@apollo/client/react';
import { type DateFormat, isDateFormat, isTheme, type Theme } from '@milepost/shared';
import { Fragment, type ReactNode, useEffect } from 'react';
import { DisplayPreferencesQueryDocument } from '../../gql/graphql.ts';
import { setDatePreferences } from '../../lib/format-date.ts';

const THEME_KEY = 'milepost-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The theme the last signed-in user chose on this browser (applied before the first render: no flash). */
function storedTheme(): Theme {
  try {
    const value = window.localStorage.getItem(THEME_KEY);
    return isTheme(value) ? value : 'light';
  } catch {
    return 'light';
  }
}

/** Sets `<html data-theme>` to light or dark (the tokens swap on it); 'system' follows the operating system. */
function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia?.(DARK_QUERY).matches === true);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** For main.tsx: the stored theme, before React renders. */
export function applyStoredTheme(): void {
  applyTheme(storedTheme());
}

/**
 * Applies the signed-in user's display preferences to everything below: the colour theme, and the
 * time zone and date format of every date (`lib/format-date.ts`). When they change, the pages
 * render again (a new key), so no date stays in the old format.
 */
export function DisplayPreferences({ children }: { children: ReactNode }) {
  const currentUser = useQuery(DisplayPreferencesQueryDocument).data?.currentUser;
  const theme = currentUser ? lower(currentUser.theme, isTheme, 'light') : null;
  const dateFormat: DateFormat = currentUser ? lower(currentUser.dateFormat, isDateFormat, 'mdy') : 'mdy';
  const timeZone = currentUser?.timezone ?? null;

  useEffect(() => {
    if (theme === null) return;
    try {
      window.localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Private mode: the theme still applies, only the next load starts light.
    }
    applyTheme(theme);
    if (theme !== 'system' || !window.matchMedia) return;
    const query = window.matchMedia(DARK_QUERY);
    const follow = () => applyTheme('system');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [theme]);

  setDatePreferences({ timeZone, dateFormat });
  return <Fragment key={`${timeZone ?? ''}|${dateFormat}`}>{children}</Fragment>;
}

function lower<T extends string>(value: string | null | undefined, is: (v: unknown) => v is T, fallback: T): T {
  const low = value?.toLowerCase();
  return is(low) ? low : fallback;
}
