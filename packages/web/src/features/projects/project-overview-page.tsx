import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { ProjectOverviewQueryDocument } from '../../gql/graphql.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import styles from '../groups/group-overview.module.css';
import { VisibilityBadge } from '../namespaces/components/visibility-badge.tsx';

/** `/<project-path>`: name, description, visibility, its group, members and where issues live. */
export function ProjectOverviewPage({ fullPath }: { fullPath: string }) {
  const { data, error } = useQuery(ProjectOverviewQueryDocument, { variables: { fullPath } });
  useErrorAlert(error, 'Something went wrong while fetching the project.');
  const project = data?.project;

  if (!data) return error ? null : <SkeletonList rows={4} label="Loading project" />;
  if (!project) return <NotFoundPage />;

  const memberCount = project.projectMembers.count;
  return (
    <>
      <PageHeader
        breadcrumbs={namespaceBreadcrumbs(project.fullPath, project.nameWithNamespace)}
        title={project.name}
        leading={<Avatar name={project.name} src={project.avatarUrl} seed={project.id} size="l" shape="square" />}
        subtitle={
          <span className={styles.meta}>
            <span>{project.fullPath}</span>
            <VisibilityBadge visibility={project.visibility} kind="project" />
          </span>
        }
        actions={
          project.userPermissions.adminProject ? (
            <ButtonLink to={routes.projectSettings(project.fullPath)}>Settings</ButtonLink>
          ) : undefined
        }
      />
      {project.description && <p className={styles.description}>{project.description}</p>}
      <div className={styles.stats}>
        {project.group && (
          <Link to={routes.group(project.group.fullPath)} className={styles.stat}>
            <Icon name="group" />
            {project.group.name}
          </Link>
        )}
        <Link to={routes.projectIssues(project.fullPath)} className={styles.stat}>
          <Icon name="issues" />
          Issues
        </Link>
        <Link to={routes.projectMembers(project.fullPath)} className={styles.stat}>
          <Icon name="users" />
          <span className="tabular">{memberCount}</span> {memberCount === 1 ? 'member' : 'members'}
        </Link>
      </div>
    </>
  );
}
