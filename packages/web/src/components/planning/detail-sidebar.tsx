import type { ShortcutId } from '@milepost/shared';
import { type ReactNode, useId, useRef } from 'react';
import { useShortcutsContext } from '../shortcuts/shortcuts-context.ts';
import { SHORTCUTS_SCOPE_ATTRIBUTE } from '../shortcuts/shortcuts-listener.ts';
import { useShortcuts } from '../shortcuts/use-shortcut.ts';
import { Button } from '../ui/button.tsx';
import { Drawer } from '../ui/drawer.tsx';
import { Icon } from '../ui/icon.tsx';
import styles from './detail-sidebar.module.css';
import type { SidebarCollapsed } from './use-sidebar-collapsed.ts';

type DetailSidebarProps = {
  /** The landmark's and the drawer's name: 'Epic details', 'Issue details'. */
  label: string;
  /** The collapsed state, from `useSidebarCollapsed()` (the page may share it with its header). */
  state: SidebarCollapsed;
  /** Wide screens, collapsed: what the rail shows below its expand button (one icon per attribute). */
  rail?: ReactNode;
  /**
   * Narrow screens: show the bar with the 'Expand sidebar' button above the content. A page whose
   * header has its own expand button turns it off.
   */
  narrowBar?: boolean;
  /** The widgets' keyboard shortcuts (`l`, `a`, `m`): while collapsed, one expands the sidebar and then edits. */
  shortcuts?: readonly ShortcutId[];
  children?: ReactNode;
};

/**
 * The right sidebar of a detail page (UI.md: 290 px, collapsible): expanded, a column with a
 * collapse button on top; collapsed, a rail; on narrow screens a drawer from the right.
 */
export function DetailSidebar({ label, state, rail, narrowBar = true, shortcuts = [], children }: DetailSidebarProps) {
  const { collapsed, isNarrow, setCollapsed } = state;
  const contentId = useId();
  const run = useShortcutsContext()?.run;
  const collapsedRef = useRef(collapsed);
  collapsedRef.current = collapsed;
  const expandThenRun = (id: ShortcutId) => {
    setCollapsed(false);
    // The widget answers the shortcut once it is drawn (its data may still be loading): try for 2 s.
    let tries = 0;
    const attempt = () => {
      if (!collapsedRef.current && run?.(id)) return;
      tries += 1;
      if (tries < 40) window.setTimeout(attempt, 50);
    };
    window.setTimeout(attempt, 0);
  };
  useShortcuts(Object.fromEntries(shortcuts.map((id) => [id, collapsed ? () => expandThenRun(id) : null])));

  const toggle = (
    <Button
      variant="tertiary"
      compact
      iconOnly={!isNarrow || !collapsed}
      aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
      aria-expanded={!collapsed}
      aria-controls={collapsed ? undefined : contentId}
      onPress={() => setCollapsed(!collapsed)}
      className={styles.toggle}
    >
      <Icon name={collapsed ? 'sidebar-expand' : 'sidebar-collapse'} />
      {isNarrow && collapsed && <span>{label}</span>}
    </Button>
  );

  if (isNarrow) {
    const drawer = (
      <Drawer
        title={label}
        id={contentId}
        isOpen={!collapsed}
        onOpenChange={(open) => setCollapsed(!open)}
        width="calc(var(--detail-sidebar-width) + var(--space-8))"
        maxWidth="calc(100vw - var(--space-12))"
        placement="viewport"
        inset
        closeLabel="Collapse sidebar"
        closeIcon="sidebar-collapse"
        compactClose
      >
        <div className={styles.drawerContent} {...{ [SHORTCUTS_SCOPE_ATTRIBUTE]: '' }}>
          {children}
        </div>
      </Drawer>
    );
    if (!narrowBar) return drawer;
    return (
      <aside className={styles.narrowBar} aria-label={label}>
        {toggle}
        {drawer}
      </aside>
    );
  }

  if (collapsed) {
    return (
      <aside className={styles.rail} aria-label={label} data-collapsed="true">
        {toggle}
        {rail}
      </aside>
    );
  }

  return (
    <aside className={styles.sidebar} aria-label={label} data-collapsed="false">
      <div className={styles.sidebarTop}>{toggle}</div>
      <div id={contentId}>{children}</div>
    </aside>
  );
}
