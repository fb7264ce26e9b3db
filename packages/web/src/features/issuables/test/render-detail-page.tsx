/** A detail page (epic, issue) over a test client, for the pages' component tests. */
import type { ReactNode } from 'react';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { createTestClient, type Handler, renderWithClient } from '../../roadmap/test/render-roadmap.tsx';

/**
 * Renders `page` at `url`; `pageQuery` names the page's query and what it answers, `handlers`
 * answer the other operations by name.
 */
export function renderDetailPage(
  page: ReactNode,
  url: string,
  pageQuery: [name: string, data: Record<string, unknown>],
  handlers: Record<string, Handler> = {},
) {
  const { client, calls } = createTestClient({ [pageQuery[0]]: () => pageQuery[1], ...handlers });
  const router = renderWithClient(<ToastProvider>{page}</ToastProvider>, url, client);
  return { client, calls, router };
}
