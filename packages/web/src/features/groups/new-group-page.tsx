import { useNavigate } from 'react-router';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { routes } from '../../lib/routes.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { GroupCreateForm } from './components/group-create-form.tsx';
import styles from './new-group-page.module.css';

/**
 * `/groups/new`: create a group (top-level, or under a parent group picked in the form) and open
 * it. Signed-in users only (the server sends visitors to sign in first).
 */
export function NewGroupPage() {
  const navigate = useNavigate();
  const goBack = useGoBack(routes.dashboardGroups());
  return (
    <div className={styles.page}>
      <PageHeader
        breadcrumbs={[
          { label: 'Your work', to: routes.dashboardGroups() },
          { label: 'New group', to: routes.newGroup() },
        ]}
        title="Create group"
        subtitle="Groups hold projects, epics, milestones and labels, and let you manage members' access to all of them at once."
      />
      <GroupCreateForm
        refetchQueries={['DashboardGroupsQuery']}
        onCreated={(created) => navigate(routes.group(created.fullPath))}
        onCancel={goBack}
      />
    </div>
  );
}
