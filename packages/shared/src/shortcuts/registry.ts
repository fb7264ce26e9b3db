/**
 * THE keyboard shortcut registry (spec 002 §9.1): every shortcut Milepost has, its group, what it
 * does, its default keys and whether a user may change them. Code looks bindings up by id; the help
 * dialog lists this table. Shortcuts of screens Milepost does not have (snippets, merge requests,
 * review requests, performance bar, canary, wiki, repository, files, Web IDE) are not here: decision
 * 0034 lists them.
 */

export const SHORTCUT_GROUPS = [
  { id: 'global', title: 'Global shortcuts' },
  { id: 'project', title: 'Project and group' },
  { id: 'issuables', title: 'Epics and issues' },
  { id: 'lists', title: 'Lists' },
  { id: 'editing', title: 'Editing' },
] as const;
export type ShortcutGroupId = (typeof SHORTCUT_GROUPS)[number]['id'];

export type ShortcutDefinition = {
  readonly id: string;
  readonly group: ShortcutGroupId;
  readonly description: string;
  /** Alternatives: any of them fires the shortcut (`s` or `/`). */
  readonly defaultKeys: readonly string[];
  /** Whether the user may bind other keys (stored in the browser). */
  readonly customizable: boolean;
  /** Fires while typing in a field (the editing shortcuts); the others never do. */
  readonly editing?: boolean;
  /**
   * Who listens: `shortcuts` (the shortcut layer, through handlers pages register by id), or
   * `widget` (the focused widget itself: the markdown editor, popovers' Escape) — listed for
   * the help dialog only.
   */
  readonly handledBy: 'shortcuts' | 'widget';
  /** The app page a navigation shortcut opens; the shortcut exists only while that page does. */
  readonly path?: string;
  /** The project sub-page (after `/-/`) the shortcut opens; it exists only while that page does. */
  readonly projectSubPath?: readonly string[];
};

export const SHORTCUTS = [
  // Global
  {
    id: 'toggleHelp',
    group: 'global',
    description: 'Open the keyboard shortcuts dialog',
    defaultKeys: ['?'],
    customizable: false,
    handledBy: 'shortcuts',
  },
  {
    id: 'goToYourProjects',
    group: 'global',
    description: 'Go to your projects',
    defaultKeys: ['shift+p'],
    customizable: true,
    handledBy: 'shortcuts',
    path: '/dashboard/projects',
  },
  {
    id: 'goToYourGroups',
    group: 'global',
    description: 'Go to your groups',
    defaultKeys: ['shift+g'],
    customizable: true,
    handledBy: 'shortcuts',
    path: '/dashboard/groups',
  },
  {
    id: 'goToActivity',
    group: 'global',
    description: 'Go to your activity feed',
    defaultKeys: ['shift+a'],
    customizable: true,
    handledBy: 'shortcuts',
    path: '/dashboard/activity',
  },
  {
    id: 'goToYourMilestones',
    group: 'global',
    description: 'Go to your milestones',
    defaultKeys: ['shift+l'],
    customizable: true,
    handledBy: 'shortcuts',
    path: '/dashboard/milestones',
  },
  {
    id: 'goToYourIssues',
    group: 'global',
    description: 'Go to your issues',
    defaultKeys: ['shift+i'],
    customizable: true,
    handledBy: 'shortcuts',
    path: '/dashboard/issues',
  },
  {
    id: 'goToYourTodos',
    group: 'global',
    description: 'Go to your To-Do List',
    defaultKeys: ['shift+t'],
    customizable: true,
    handledBy: 'shortcuts',
    path: '/dashboard/todos',
  },
  {
    id: 'focusSearch',
    group: 'global',
    description: 'Focus the search bar',
    defaultKeys: ['s', '/'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'focusFilterBar',
    group: 'global',
    description: 'Focus the filter bar',
    defaultKeys: ['f'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'hidePopups',
    group: 'global',
    description: 'Hide tooltips, popovers and dialogs',
    defaultKeys: ['esc'],
    customizable: false,
    handledBy: 'widget',
  },
  {
    id: 'toggleNavigation',
    group: 'global',
    description: 'Show or hide the navigation sidebar',
    defaultKeys: ['mod+\\'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  // Project and group
  {
    id: 'goToOverview',
    group: 'project',
    description: "Go to the project's or group's overview",
    defaultKeys: ['g o'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'goToIssues',
    group: 'project',
    description: "Go to the project's or group's issues",
    defaultKeys: ['g i'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'newIssue',
    group: 'project',
    description: 'Create a new issue',
    defaultKeys: ['i'],
    customizable: true,
    handledBy: 'shortcuts',
    projectSubPath: ['issues', 'new'],
  },
  {
    id: 'goToLabels',
    group: 'project',
    description: "Go to the project's or group's labels",
    defaultKeys: ['g l'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'goToMilestones',
    group: 'project',
    description: "Go to the project's or group's milestones",
    defaultKeys: ['g m'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  // Epics and issues
  {
    id: 'replyWithQuote',
    group: 'issuables',
    description: 'Comment, quoting the selected text',
    defaultKeys: ['r'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'editDescription',
    group: 'issuables',
    description: 'Edit the title and description',
    defaultKeys: ['e'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'editLabels',
    group: 'issuables',
    description: 'Change labels',
    defaultKeys: ['l'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'editAssignees',
    group: 'issuables',
    description: 'Change assignees',
    defaultKeys: ['a'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'editMilestone',
    group: 'issuables',
    description: 'Change milestone',
    defaultKeys: ['m'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'copyReference',
    group: 'issuables',
    description: 'Copy the reference',
    defaultKeys: ['c r'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  // Lists and the roadmap
  {
    id: 'nextRow',
    group: 'lists',
    description: 'Move to the next row',
    defaultKeys: ['j'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'previousRow',
    group: 'lists',
    description: 'Move to the previous row',
    defaultKeys: ['k'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'openRow',
    group: 'lists',
    description: 'Open the selected row (Enter does too)',
    defaultKeys: ['o'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  {
    id: 'selectRow',
    group: 'lists',
    description: 'Select or clear the row while bulk editing',
    defaultKeys: ['x'],
    customizable: true,
    handledBy: 'shortcuts',
  },
  // Editing (inside a description or comment field)
  {
    id: 'bold',
    group: 'editing',
    description: 'Bold text',
    defaultKeys: ['mod+b'],
    customizable: false,
    editing: true,
    handledBy: 'widget',
  },
  {
    id: 'italic',
    group: 'editing',
    description: 'Italic text',
    defaultKeys: ['mod+i'],
    customizable: false,
    editing: true,
    handledBy: 'widget',
  },
  {
    id: 'strikethrough',
    group: 'editing',
    description: 'Strikethrough text',
    defaultKeys: ['mod+shift+x'],
    customizable: false,
    editing: true,
    handledBy: 'widget',
  },
  {
    id: 'link',
    group: 'editing',
    description: 'Add a link',
    defaultKeys: ['mod+k'],
    customizable: false,
    editing: true,
    handledBy: 'widget',
  },
  {
    id: 'indent',
    group: 'editing',
    description: 'Indent the line or list item',
    defaultKeys: ['mod+]'],
    customizable: false,
    editing: true,
    handledBy: 'widget',
  },
  {
    id: 'outdent',
    group: 'editing',
    description: 'Outdent the line or list item',
    defaultKeys: ['mod+['],
    customizable: false,
    editing: true,
    handledBy: 'widget',
  },
  {
    id: 'togglePreview',
    group: 'editing',
    description: 'Switch between writing and the preview',
    defaultKeys: ['mod+shift+p'],
    customizable: false,
    editing: true,
    handledBy: 'widget',
  },
  {
    id: 'editLastComment',
    group: 'editing',
    description: 'Edit your last comment (in an empty comment field)',
    defaultKeys: ['up'],
    customizable: false,
    editing: true,
    handledBy: 'widget',
  },
  {
    id: 'saveForm',
    group: 'editing',
    description: 'Save the description or comment',
    defaultKeys: ['mod+enter'],
    customizable: false,
    editing: true,
    handledBy: 'widget',
  },
] as const satisfies readonly ShortcutDefinition[];

export type ShortcutId = (typeof SHORTCUTS)[number]['id'];

const BY_ID = new Map<string, ShortcutDefinition>(SHORTCUTS.map((shortcut) => [shortcut.id, shortcut]));

/** The registry's entry for `id`; throws for an unknown id (a programming error). */
export function shortcutById(id: ShortcutId): ShortcutDefinition {
  const shortcut = BY_ID.get(id);
  if (!shortcut) throw new Error(`Unknown shortcut '${id}'`);
  return shortcut;
}

export function isShortcutId(id: string): id is ShortcutId {
  return BY_ID.has(id);
}

/** Where the browser keeps the user's choices (GitLab keeps them in localStorage too). */
export const SHORTCUTS_STORAGE_KEYS = {
  customizations: 'milepost.shortcuts.customizations',
  disabled: 'milepost.shortcuts.disabled',
} as const;
