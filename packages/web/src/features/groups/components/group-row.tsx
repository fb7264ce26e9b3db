import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ItemRow } from '../../../components/ui/item-list.tsx';
import { routes } from '../../../lib/routes.ts';
import { VisibilityBadge } from '../../namespaces/components/visibility-badge.tsx';

export type GroupRowData = {
  id: string;
  name: string;
  fullName: string;
  fullPath: string;
  description?: string | null;
  visibility?: string | null;
  avatarUrl?: string | null;
};

/** A group in a list: avatar, full name linking to its overview, path or description, visibility. */
export function GroupRow({ group, showFullName = true }: { group: GroupRowData; showFullName?: boolean }) {
  return (
    <ItemRow
      leading={<Avatar name={group.name} src={group.avatarUrl} seed={group.id} shape="square" />}
      title={<Link to={routes.group(group.fullPath)}>{showFullName ? group.fullName : group.name}</Link>}
      meta={group.description || group.fullPath}
      aside={<VisibilityBadge visibility={group.visibility} kind="group" />}
    />
  );
}
