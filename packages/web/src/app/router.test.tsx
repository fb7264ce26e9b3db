import { appPageAccess } from '@milepost/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createRouter, preloadFirstPage } from './router.tsx';

// The catch-all pages' modules, to see when they are asked for.
const loaded = vi.hoisted(() => ({ namespace: vi.fn(), groups: vi.fn() }));
vi.mock('../features/namespaces/namespace-page.tsx', () => {
  loaded.namespace();
  return { NamespacePage: () => null };
});
vi.mock('../features/namespaces/groups-prefix-page.tsx', () => {
  loaded.groups();
  return { GroupsPrefixPage: () => null };
});

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

describe('preloadFirstPage', () => {
  it('starts loading the catch-all page the first URL shows, and nothing for the other pages', async () => {
    const router = createRouter();
    preloadFirstPage(router, '/dashboard/groups');
    preloadFirstPage(router, '/groups/new');
    preloadFirstPage(router, '/groups/acme/-/epics');
    await vi.waitFor(() => expect(loaded.groups).toHaveBeenCalledOnce());
    expect(loaded.namespace).not.toHaveBeenCalled();
    preloadFirstPage(router, '/acme/website/-/issues/76');
    await vi.waitFor(() => expect(loaded.namespace).toHaveBeenCalledOnce());
    router.dispose();
  });
});
