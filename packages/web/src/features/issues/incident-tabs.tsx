import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { ServerHtml } from '../issuables/server-html.tsx';
import styles from './incident-tabs.module.css';

/**
 * An incident's tabs (spec 002 §2.1, GitLab's incident page reduced to two): Summary holds the
 * description; Metrics says plainly that metric images are not here yet.
 */
export function IncidentTabs({ descriptionHtml }: { descriptionHtml: string | null }) {
  return (
    <Tabs className={styles.tabs}>
      <TabList aria-label="Incident" className={styles.tabList}>
        <Tab id="summary" className={styles.tab}>
          Summary
        </Tab>
        <Tab id="metrics" className={styles.tab}>
          Metrics
        </Tab>
      </TabList>
      <TabPanel id="summary" className={styles.panel}>
        {descriptionHtml ? <ServerHtml html={descriptionHtml} /> : <p className={styles.muted}>No description.</p>}
      </TabPanel>
      <TabPanel id="metrics" className={styles.panel}>
        <p className={styles.muted}>
          Metric images (charts and screenshots attached to an incident) aren't available in this version of Milepost
          yet. They come with the supporting services.
        </p>
      </TabPanel>
    </Tabs>
  );
}
