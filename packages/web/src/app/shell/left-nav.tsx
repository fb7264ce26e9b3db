import { Link, NavLink } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { useNamespaceContext } from '../../features/namespaces/use-namespace-context.ts';
import { routes } from '../../lib/routes.ts';
import { useCurrentUser } from '../use-current-user.ts';
import styles from './left-nav.module.css';

type NavItem = { label: string; to: string; icon: IconName; end?: boolean };

function NavItems({ items }: { items: readonly NavItem[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className={styles.link}>
            <Icon name={item.icon} className={styles.icon} />
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Settings › General of the group or project (name, visibility, avatar). */
const settingsItem = (to: string): NavItem => ({ label: 'Settings', to, icon: 'settings' });

type ContextHeaderProps = { name: string; to: string; seed: string; avatarUrl?: string | null; square?: boolean };

function ContextHeader({ name, to, seed, avatarUrl, square }: ContextHeaderProps) {
  return (
    <Link to={to} className={styles.context}>
      <Avatar name={name} src={avatarUrl} seed={seed} size="s" shape={square ? 'square' : 'round'} />
      <span className={styles.contextName}>{name}</span>
    </Link>
  );
}

/** The left navigation for the current group or project, or the user's own pages elsewhere. */
export function LeftNav({ id }: { id: string }) {
  const context = useNamespaceContext();
  const { currentUser } = useCurrentUser();

  if (context.kind === 'group') {
    const { fullPath, name, id: groupId, avatarUrl } = context.group;
    return (
      <nav id={id} className={styles.nav} aria-label="Group navigation">
        <ContextHeader name={name} to={routes.group(fullPath)} seed={groupId} avatarUrl={avatarUrl} square />
        <NavItems
          items={[
            { label: 'Overview', to: routes.group(fullPath), icon: 'overview', end: true },
            { label: 'Issues', to: routes.groupIssues(fullPath), icon: 'issues' },
            { label: 'Epics', to: routes.groupEpics(fullPath), icon: 'epic' },
            { label: 'Roadmap', to: routes.groupRoadmap(fullPath), icon: 'roadmap' },
            { label: 'Iterations', to: routes.groupCadences(fullPath), icon: 'iteration' },
            { label: 'Milestones', to: routes.groupMilestones(fullPath), icon: 'milestone' },
            { label: 'Labels', to: routes.groupLabels(fullPath), icon: 'label' },
            { label: 'Members', to: routes.groupMembers(fullPath), icon: 'users' },
            // GitLab's 'Settings': only for those who may change them (Owners).
            ...(context.group.userPermissions.adminGroup ? [settingsItem(routes.groupSettings(fullPath))] : []),
          ]}
        />
      </nav>
    );
  }

  if (context.kind === 'project') {
    const { fullPath, name, id: projectId, avatarUrl } = context.project;
    return (
      <nav id={id} className={styles.nav} aria-label="Project navigation">
        <ContextHeader name={name} to={routes.project(fullPath)} seed={projectId} avatarUrl={avatarUrl} square />
        <NavItems
          items={[
            { label: 'Overview', to: routes.project(fullPath), icon: 'overview', end: true },
            { label: 'Issues', to: routes.projectIssues(fullPath), icon: 'issues' },
            { label: 'Milestones', to: routes.projectMilestones(fullPath), icon: 'milestone' },
            { label: 'Labels', to: routes.projectLabels(fullPath), icon: 'label' },
            { label: 'Members', to: routes.projectMembers(fullPath), icon: 'users' },
            { label: 'Issue templates', to: routes.projectIssueTemplates(fullPath), icon: 'copy' },
            // GitLab's 'Settings': only for those who may change them (Maintainers).
            ...(context.project.userPermissions.adminProject ? [settingsItem(routes.projectSettings(fullPath))] : []),
          ]}
        />
      </nav>
    );
  }

  const items: NavItem[] = [];
  if (currentUser) items.push({ label: 'Projects', to: routes.dashboardProjects(), icon: 'project' });
  items.push({ label: 'Groups', to: routes.dashboardGroups(), icon: 'group' });
  if (currentUser) items.push({ label: 'Issues', to: routes.dashboardIssues(), icon: 'issues' });
  if (currentUser) items.push({ label: 'Epics', to: routes.dashboardEpics(), icon: 'epic' });
  if (currentUser) items.push({ label: 'Milestones', to: routes.dashboardMilestones(), icon: 'milestone' });
  if (currentUser) items.push({ label: 'Activity', to: routes.dashboardActivity(), icon: 'history' });
  items.push({ label: 'Explore', to: routes.exploreProjects(), icon: 'earth' });
  if (currentUser) items.push({ label: 'To-Do List', to: routes.dashboardTodos(), icon: 'todo' });
  if (currentUser) items.push({ label: 'Access tokens', to: routes.personalAccessTokens(), icon: 'key' });
  if (currentUser) items.push({ label: 'Preferences', to: routes.preferences(), icon: 'settings' });
  if (currentUser?.admin) items.push({ label: 'Admin area', to: routes.admin(), icon: 'admin' });
  items.push({ label: 'Help', to: routes.help(), icon: 'info' });
  return (
    <nav id={id} className={styles.nav} aria-label="Main navigation">
      <p className={styles.heading}>{currentUser ? 'Your work' : 'Explore'}</p>
      <NavItems items={items} />
    </nav>
  );
}
