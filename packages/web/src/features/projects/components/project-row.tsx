import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ItemRow } from '../../../components/ui/item-list.tsx';
import { routes } from '../../../lib/routes.ts';
import { VisibilityBadge } from '../../namespaces/components/visibility-badge.tsx';

export type ProjectRowData = {
  id: string;
  name: string;
  fullPath: string;
  nameWithNamespace?: string;
  description?: string | null;
  visibility?: string | null;
  avatarUrl?: string | null;
};

/** A project in a list: avatar, name linking to its overview, path or description, visibility. */
export function ProjectRow({ project, label }: { project: ProjectRowData; label?: string }) {
  return (
    <ItemRow
      leading={<Avatar name={project.name} src={project.avatarUrl} seed={project.id} shape="square" />}
      title={<Link to={routes.project(project.fullPath)}>{label ?? project.name}</Link>}
      meta={project.description || project.fullPath}
      aside={<VisibilityBadge visibility={project.visibility} kind="project" />}
    />
  );
}
