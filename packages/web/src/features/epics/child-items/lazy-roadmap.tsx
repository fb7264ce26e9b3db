import type { ApolloClient } from '@apollo/client';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { RoadmapGroupPermissionsQueryDocument } from '../../../gql/graphql.ts';
import { prefetchRoadmapFirstPage } from '../../roadmap/roadmap-first-page.ts';

export const ROADMAP_LOAD_FAILED = 'Failed to load Roadmap';

const loadRoadmap = () => import('../../roadmap/roadmap.tsx');
const Roadmap = lazy(() => loadRoadmap().then((m) => ({ default: m.Roadmap })));

/**
 * Gets the Roadmap view ready while the viewer reads the tree: its code, and its first requests (the
 * child epics in the view's timeframe, the viewer's first day of the week, the milestones), so the
 * tab opens from memory. Called once the tree's first rows are shown.
 */
export function preloadEpicRoadmap(client: ApolloClient, groupFullPath: string, epicIid: string, search: string) {
  loadRoadmap().catch(() => undefined);
  prefetchRoadmapFirstPage(client, groupFullPath, search, epicIid);
  client
    .query({ query: RoadmapGroupPermissionsQueryDocument, variables: { fullPath: groupFullPath } })
    .catch(() => undefined);
}

class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Alert variant="danger">{ROADMAP_LOAD_FAILED}</Alert> : this.props.children;
  }
}

/** The roadmap of the epic's child epics, its code loaded only when the Roadmap view tab opens. */
export function LazyRoadmap({ groupFullPath, epicIid }: { groupFullPath: string; epicIid: string }) {
  return (
    <ChunkBoundary>
      <Suspense fallback={<SkeletonList rows={4} label="Loading roadmap" />}>
        <Roadmap groupFullPath={groupFullPath} epicIid={epicIid} />
      </Suspense>
    </ChunkBoundary>
  );
}
