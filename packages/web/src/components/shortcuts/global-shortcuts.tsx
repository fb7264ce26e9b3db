import { availableShortcuts, type ShortcutId } from '@milepost/shared';
import { useNavigate } from 'react-router';
import { useNamespaceContext } from '../../features/namespaces/use-namespace-context.ts';
import { routes } from '../../lib/routes.ts';
import { moveRowFocus, openFocusedRow, toggleFocusedRowSelection } from './row-shortcuts.ts';
import type { ShortcutHandler } from './shortcuts-context.ts';
import { useShortcuts } from './use-shortcut.ts';

const AVAILABLE = new Set<string>(availableShortcuts().map((shortcut) => shortcut.id));

/** The app pages the global navigation shortcuts open, where Milepost has them. */
const APP_PAGE_SHORTCUTS = availableShortcuts().flatMap((shortcut) =>
  shortcut.path ? [{ id: shortcut.id as ShortcutId, path: shortcut.path }] : [],
);

/** Paths of the current project's or group's pages the project shortcuts open. */
function namespacePaths(context: ReturnType<typeof useNamespaceContext>) {
  if (context.kind === 'project') {
    const { fullPath } = context.project;
    return {
      goToOverview: routes.project(fullPath),
      goToIssues: routes.projectIssues(fullPath),
      newIssue: `${routes.projectIssues(fullPath)}/new`,
      goToLabels: routes.projectLabels(fullPath),
      goToMilestones: routes.projectMilestones(fullPath),
    };
  }
  if (context.kind === 'group') {
    const { fullPath } = context.group;
    return {
      goToOverview: routes.group(fullPath),
      goToIssues: routes.groupIssues(fullPath),
      goToLabels: routes.groupLabels(fullPath),
      goToMilestones: routes.groupMilestones(fullPath),
    };
  }
  return {};
}

/**
 * The shortcuts that need no particular page: the global navigation (shift+g …, only to pages
 * Milepost has), the navigation sidebar (mod+\), the project's or group's pages (g o, g i, i, g l,
 * g m) and moving through a list's rows (j, k, o, x). Mounted once, in the app shell.
 */
export function GlobalShortcuts({ onToggleNavigation }: { onToggleNavigation: () => void }) {
  const navigate = useNavigate();
  const namespace = useNamespaceContext();
  const handlers: Partial<Record<ShortcutId, ShortcutHandler | null>> = {
    toggleNavigation: onToggleNavigation,
    nextRow: () => moveRowFocus(1),
    previousRow: () => moveRowFocus(-1),
    openRow: openFocusedRow,
    selectRow: toggleFocusedRowSelection,
  };
  for (const { id, path } of APP_PAGE_SHORTCUTS) handlers[id] = () => navigate(path);
  for (const [id, path] of Object.entries(namespacePaths(namespace)) as [ShortcutId, string][]) {
    if (AVAILABLE.has(id)) handlers[id] = () => navigate(path);
  }
  useShortcuts(handlers);
  return null;
}
