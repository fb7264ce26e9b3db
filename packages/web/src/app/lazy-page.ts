import { type ComponentType, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: a page component with any props, React.lazy's own constraint
type PageComponent = ComponentType<any>;

/**
 * A page loaded in a chunk of its own when it is first shown (decision 0059: what a first load of the
 * common pages needs, nothing of the rarely used ones). It suspends while its chunk loads: render it
 * inside a `Suspense` (the router's pages are). `preload()` starts loading it before it renders.
 */
export function lazyPage<Module extends Record<Name, PageComponent>, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
) {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: (): void => void load().catch(() => {}) },
  );
}
