import { Component, lazy, type ReactNode, Suspense } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';

export const ROADMAP_LOAD_FAILED = 'Failed to load Roadmap';

const Roadmap = lazy(() => import('../../roadmap/roadmap.tsx').then((m) => ({ default: m.Roadmap })));

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
