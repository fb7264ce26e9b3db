import type { Key } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { routes } from '../../lib/routes.ts';
import styles from './admin.module.css';
import { AdminOnly } from './admin-only.tsx';
import { AdminAbuseReportsPanel } from './components/admin-abuse-reports-panel.tsx';
import { AdminGroupsPanel } from './components/admin-groups-panel.tsx';
import { AdminProjectsPanel } from './components/admin-projects-panel.tsx';
import { AdminUsersPanel } from './components/admin-users-panel.tsx';

const TABS = ['users', 'groups', 'projects', 'abuse_reports'] as const;
type AdminTab = (typeof TABS)[number];

/** `/admin`: users, groups, projects and abuse reports for administrators; everyone else gets a 404. */
export function AdminPage() {
  return (
    <AdminOnly>
      <AdminTabs />
    </AdminOnly>
  );
}

function AdminTabs() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = TABS.find((t) => t === requested) ?? 'users';

  const handleTab = (key: Key) => setParams({ tab: String(key) }, { replace: true });

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'Admin area', to: routes.admin() }]}
        title="Admin area"
        actions={<ButtonLink to={routes.adminSettings()}>Settings</ButtonLink>}
      />
      <Tabs selectedKey={tab} onSelectionChange={handleTab}>
        <TabList aria-label="Admin area sections" className={styles.tabList}>
          <Tab id="users" className={styles.tab}>
            Users
          </Tab>
          <Tab id="groups" className={styles.tab}>
            Groups
          </Tab>
          <Tab id="projects" className={styles.tab}>
            Projects
          </Tab>
          <Tab id="abuse_reports" className={styles.tab}>
            Abuse reports
          </Tab>
        </TabList>
        <TabPanel id="users" className={styles.panel}>
          <AdminUsersPanel />
        </TabPanel>
        <TabPanel id="groups" className={styles.panel}>
          <AdminGroupsPanel />
        </TabPanel>
        <TabPanel id="projects" className={styles.panel}>
          <AdminProjectsPanel />
        </TabPanel>
        <TabPanel id="abuse_reports" className={styles.panel}>
          <AdminAbuseReportsPanel />
        </TabPanel>
      </Tabs>
    </>
  );
}
