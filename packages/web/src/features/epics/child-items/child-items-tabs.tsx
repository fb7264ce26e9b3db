import { createContext, memo, type ReactNode, useContext } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { featureSwitches } from '../../../lib/instance-settings.ts';
import styles from './child-items-panel.module.css';
import { LazyRoadmap } from './lazy-roadmap.tsx';

/** What the 'Tree view' tab shows, handed past the tabs (see `ChildItemsTabs`). */
const TreeViewContext = createContext<ReactNode>(null);

/** The tree tab's content: the only part of the tabs drawn again when the tree changes. */
function TreeView() {
  return useContext(TreeViewContext);
}

type TabsFrameProps = { groupFullPath: string; iid: string };

/**
 * React Aria's tabs themselves: the tab list, and the two panels with `TreeView` and the roadmap in
 * them. Its props are two strings, so it renders when it mounts and when a tab is chosen, never
 * again because the tree changed.
 */
const ChildItemsTabsFrame = memo(function ChildItemsTabsFrame({ groupFullPath, iid }: TabsFrameProps) {
  const subEpics = featureSwitches().subEpics;
  // The tree's tab chosen from the start: React Aria builds the tabs' collection in a second pass
  // (an empty one on the first render, so no tab is chosen and no panel drawn); named here, the tree's
  // panel and the tree in it are drawn in the first pass, and their collections in one more, not two.
  return (
    <Tabs className={styles.tabs} defaultSelectedKey="tree">
      {/* Spec 001: the tree and roadmap tabs show only when sub-epics are allowed. */}
      <div className={styles.tabBar} hidden={!subEpics}>
        <TabList aria-label="Child items views" className={styles.tabList}>
          <Tab id="tree" className={styles.tab}>
            Tree view
          </Tab>
          {subEpics && (
            <Tab id="roadmap" className={styles.tab}>
              Roadmap view
            </Tab>
          )}
        </TabList>
      </div>
      <TabPanel id="tree" className={styles.tabPanel}>
        <TreeView />
      </TabPanel>
      <TabPanel id="roadmap" className={styles.tabPanel}>
        <LazyRoadmap groupFullPath={groupFullPath} epicIid={iid} />
      </TabPanel>
    </Tabs>
  );
});

/**
 * The child items' 'Tree view' and 'Roadmap view' tabs (React Aria: arrow keys between the tabs, each
 * panel labelled by its tab). React Aria's `Tabs` builds its collection from everything inside it,
 * in a hidden copy, on every render, and its `TabPanel` walks the panel's elements for a tabbable one
 * after every render it gets (forcing the page's style before the paint). So the tree, which changes
 * with every page, expansion and reorder, is not a child of `Tabs`: it reaches its panel through a
 * context, and only `TreeView` draws it again.
 */
export function ChildItemsTabs({ tree, groupFullPath, iid }: { tree: ReactNode } & TabsFrameProps) {
  return (
    <TreeViewContext.Provider value={tree}>
      <ChildItemsTabsFrame groupFullPath={groupFullPath} iid={iid} />
    </TreeViewContext.Provider>
  );
}
