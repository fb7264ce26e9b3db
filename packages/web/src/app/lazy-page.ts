import { type ComponentType, createElement, lazy, useState } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: a page component with any props, React.lazy's own constraint
type PageComponent = ComponentType<any>;

/**
 * A page loaded in a chunk of its own when it is first shown (decision 0059: what a first load of the
 * common pages needs, nothing of the rarely used ones). It suspends while its chunk loads: render it
 * inside a `Suspense` (the router's pages are). `preload()` starts loading it before it renders.
 * `load()` does too, and once its chunk is there the page renders at once, without the round through
 * the `Suspense` fallback that `React.lazy` takes on its first render even for a loaded chunk: what
 * the first render of a list waits for (decision 0073). A page keeps the way it first rendered.
 */
export function lazyPage<Module extends Record<Name, PageComponent>, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
) {
  let loaded: PageComponent | null = null;
  const Lazy = lazy(async () => ({ default: (await load())[name] }));
  // biome-ignore lint/correctness/noComponentHookFactories: one component per page, made once at module load (as React.lazy's)
  function Page(props: Record<string, unknown>) {
    const [Component] = useState<PageComponent>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Page as PageComponent, {
    preload: (): void => void load().catch(() => {}),
    load: (): Promise<void> =>
      load().then(
        (module) => {
          loaded = module[name];
        },
        () => {},
      ),
  });
}
