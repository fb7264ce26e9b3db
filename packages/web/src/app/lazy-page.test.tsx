import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page.ts';

function IssuesPage({ who }: { who: string }) {
  return <p>{`Issues for ${who}`}</p>;
}

function EpicsPage({ who }: { who: string }) {
  return <p>{`Epics for ${who}`}</p>;
}

const shown = (Page: ReturnType<typeof lazyPage>) =>
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Page who="alice" />
    </Suspense>,
  );

describe('lazyPage', () => {
  it('renders a page loaded with load() at once, without its Suspense fallback', async () => {
    const Page = lazyPage(async () => ({ Page: IssuesPage }), 'Page');
    await Page.load();
    shown(Page);
    expect(screen.getByText('Issues for alice')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('shows the fallback first for a page only preloaded, then the page', async () => {
    const Page = lazyPage(async () => ({ Page: EpicsPage }), 'Page');
    Page.preload();
    shown(Page);
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Epics for alice')).toBeTruthy();
  });

  it('settles load() when the chunk fails too: the page’s own render reports it', async () => {
    const Page = lazyPage(async (): Promise<{ Page: typeof IssuesPage }> => {
      throw new Error('Failed to fetch dynamically imported module');
    }, 'Page');
    await expect(Page.load()).resolves.toBeUndefined();
  });
});
