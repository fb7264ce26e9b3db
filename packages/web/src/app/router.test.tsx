import { appPageAccess } from '@milepost/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRouter } from './router.tsx';

/** Every static path of the router, joined with its parents' ('users/sign_in', 'admin/users/:username'). */
function staticPaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.path && !route.path.includes('*') ? [path] : [];
    return [...own, ...staticPaths(route.children ?? [], path)];
  });
}

describe('the router and the server agree on the app pages', () => {
  it('lists every static route in APP_PAGES, so the server answers it 200 and not 404', () => {
    const router = createRouter();
    const paths = staticPaths(router.routes);
    router.dispose();
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      expect(appPageAccess(path.replace(/:[a-zA-Z]+/g, 'x1')), path).not.toBeNull();
    }
  });
});
