import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { Outlet, useHref, useNavigate } from 'react-router';

/** Lets React Aria links and menu items navigate with the router instead of reloading the page. */
export function RootLayout() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to) => navigate(to)} useHref={useHref}>
      <Outlet />
    </AriaRouterProvider>
  );
}
