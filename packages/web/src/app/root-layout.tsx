import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { Outlet, useHref, useNavigate } from 'react-router';
import { HoverCards } from '../components/hover-card/hover-cards.tsx';
import { ShortcutsProvider } from '../components/shortcuts/shortcuts-provider.tsx';
import { DisplayPreferences } from '../features/settings/display-preferences.tsx';

/**
 * Lets React Aria links and menu items navigate with the router instead of reloading the page;
 * the keyboard shortcut layer spans every page, and the user's display preferences (theme, time
 * zone, date format) apply to every page.
 */
export function RootLayout() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to) => navigate(to)} useHref={useHref}>
      <ShortcutsProvider>
        <DisplayPreferences>
          <Outlet />
        </DisplayPreferences>
      </ShortcutsProvider>
      <HoverCards />
    </AriaRouterProvider>
  );
}
