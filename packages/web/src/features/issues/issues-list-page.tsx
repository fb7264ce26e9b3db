import type { ResolvedProject } from '../namespaces/use-namespace-context.ts';
import { IssuesListPage as List } from './list/issues-list-page.tsx';

/** `/<project>/-/issues`: the project's issue list. */
export function IssuesListPage({ project }: { project: ResolvedProject }) {
  return (
    <List
      scope={{
        kind: 'project',
        fullPath: project.fullPath,
        name: project.name,
        nameWithNamespace: project.nameWithNamespace,
      }}
    />
  );
}
