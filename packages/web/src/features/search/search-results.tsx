import { Link } from 'react-router';
import { IssuableStatusBadge } from '../../components/planning/issuable-status-badge.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { ItemList, ItemRow } from '../../components/ui/item-list.tsx';
import type { SearchPageQueryQuery } from '../../gql/graphql.ts';
import { formatCalendarDate, formatDate } from '../../lib/format-date.ts';
import { GroupRow } from '../groups/components/group-row.tsx';
import { ProjectRow } from '../projects/components/project-row.tsx';
import styles from './search-page.module.css';

type SearchPage = NonNullable<SearchPageQueryQuery['search']>;

function ConfidentialIcon({ confidential }: { confidential?: boolean | null }) {
  return confidential ? <Icon name="eye-slash" label="Confidential" className={styles.confidential} /> : null;
}

/** One page of matches of the page's scope, each row linking to the thing found. */
export function SearchResultsList({ page }: { page: SearchPage }) {
  switch (page.scope) {
    case 'GROUPS':
      return (
        <ItemList label="Groups found">
          {page.groups.map((group) => (
            <GroupRow key={group.id} group={group} />
          ))}
        </ItemList>
      );
    case 'PROJECTS':
      return (
        <ItemList label="Projects found">
          {page.projects.map((project) => (
            <ProjectRow key={project.id} project={project} label={project.nameWithNamespace} />
          ))}
        </ItemList>
      );
    case 'ISSUES':
    case 'EPICS': {
      const items = page.scope === 'ISSUES' ? page.issues : page.epics;
      return (
        <ItemList label={page.scope === 'ISSUES' ? 'Issues found' : 'Epics found'}>
          {items.map((item) => (
            <ItemRow
              key={item.id}
              leading={<Icon name={page.scope === 'ISSUES' ? 'issues' : 'epic'} className={styles.kindIcon} />}
              title={
                <>
                  <ConfidentialIcon confidential={item.confidential} />
                  <Link to={item.webPath}>{item.title}</Link>
                </>
              }
              meta={`${item.reference} · updated ${formatDate(item.updatedAt)}`}
              aside={<IssuableStatusBadge state={item.state ?? 'opened'} />}
            />
          ))}
        </ItemList>
      );
    }
    case 'MILESTONES':
      return (
        <ItemList label="Milestones found">
          {page.milestones.map((milestone) => (
            <ItemRow
              key={milestone.id}
              leading={<Icon name="milestone" className={styles.kindIcon} />}
              title={<Link to={milestone.webPath}>{milestone.title}</Link>}
              meta={[
                milestone.project?.nameWithNamespace ?? milestone.group?.fullName,
                milestone.dueDate ? `due ${formatCalendarDate(milestone.dueDate)}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
              aside={<IssuableStatusBadge state={milestone.state === 'closed' ? 'closed' : 'opened'} />}
            />
          ))}
        </ItemList>
      );
    case 'USERS':
      return (
        <ItemList label="Users found">
          {page.users.map((user) => (
            <ItemRow
              key={user.id}
              leading={<Avatar name={user.name} src={user.avatarUrl} seed={user.id} />}
              title={<Link to={user.webPath}>{user.name}</Link>}
              meta={`@${user.username}`}
              aside={user.state !== 'active' ? <span className={styles.userState}>{user.state}</span> : undefined}
            />
          ))}
        </ItemList>
      );
  }
}
