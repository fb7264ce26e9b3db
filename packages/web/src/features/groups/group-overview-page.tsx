import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { NewEpicButton } from '../../components/planning/new-epic-button.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { GroupOverviewQueryDocument } from '../../gql/graphql.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import { useCan } from '../../lib/use-can.ts';
import { VisibilityBadge } from '../namespaces/components/visibility-badge.tsx';
import { ProjectCreateForm } from '../projects/components/project-create-form.tsx';
import { ProjectsSection, SubgroupsSection } from './components/group-children-sections.tsx';
import { GroupCreateForm } from './components/group-create-form.tsx';
import styles from './group-overview.module.css';

type Creating = 'subgroup' | 'project' | null;

/** `/<group-path>`: name, description, visibility, subgroups, projects and members. */
export function GroupOverviewPage({ fullPath }: { fullPath: string }) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState<Creating>(null);
  const { data, error } = useQuery(GroupOverviewQueryDocument, { variables: { fullPath } });
  useErrorAlert(error, 'Something went wrong while fetching the group.');
  const group = data?.group;
  const canCreateSubgroup = useCan(group, 'createSubgroup');
  const canCreateProjects = useCan(group, 'createProjects');

  if (!data) return error ? null : <SkeletonList rows={5} label="Loading group" />;
  if (!group) return <NotFoundPage />;

  const memberCount = group.groupMembers.count;
  const parent = { id: group.id, fullPath: group.fullPath, fullName: group.fullName };

  return (
    <>
      <PageHeader
        breadcrumbs={namespaceBreadcrumbs(group.fullPath, group.fullName)}
        title={group.name}
        leading={<Avatar name={group.name} src={group.avatarUrl} seed={group.id} size="l" shape="square" />}
        subtitle={
          <span className={styles.meta}>
            <span>{group.fullPath}</span>
            <VisibilityBadge visibility={group.visibility} kind="group" />
          </span>
        }
        actions={
          <>
            {group.userPermissions.adminGroup && (
              <ButtonLink to={routes.groupSettings(group.fullPath)}>Settings</ButtonLink>
            )}
            <NewEpicButton groupFullPath={group.fullPath} variant="default" />
            {canCreateSubgroup && <Button onPress={() => setCreating('subgroup')}>New subgroup</Button>}
            {canCreateProjects && (
              <Button variant="primary" onPress={() => setCreating('project')}>
                New project
              </Button>
            )}
          </>
        }
      />
      {group.description && <p className={styles.description}>{group.description}</p>}
      <div className={styles.stats}>
        <Link to={routes.groupMembers(group.fullPath)} className={styles.stat}>
          <Icon name="users" />
          <span className="tabular">{memberCount}</span> {memberCount === 1 ? 'member' : 'members'}
        </Link>
      </div>
      <SubgroupsSection fullPath={group.fullPath} />
      <ProjectsSection fullPath={group.fullPath} />

      <Dialog title="New subgroup" isOpen={creating === 'subgroup'} onOpenChange={() => setCreating(null)}>
        <GroupCreateForm
          parent={parent}
          refetchQueries={['GroupSubgroupsQuery']}
          onCreated={(created) => navigate(routes.group(created.fullPath))}
          onCancel={() => setCreating(null)}
        />
      </Dialog>
      <Dialog title="New project" isOpen={creating === 'project'} onOpenChange={() => setCreating(null)}>
        <ProjectCreateForm
          group={parent}
          refetchQueries={['GroupProjectsQuery']}
          onCreated={(created) => navigate(routes.project(created.fullPath))}
          onCancel={() => setCreating(null)}
        />
      </Dialog>
    </>
  );
}
