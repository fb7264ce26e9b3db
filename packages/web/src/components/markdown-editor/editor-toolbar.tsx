import { memo, type ReactNode } from 'react';
import {
  Button as AriaButton,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  Tooltip,
  TooltipTrigger,
} from 'react-aria-components';
import type { EditorCommand } from './editor-commands.ts';
import styles from './markdown-editor.module.css';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl+';
const SHIFT = isMac ? '⇧' : 'Shift+';

const svg = (children: ReactNode) => (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className={styles.toolIcon}>
    {children}
  </svg>
);

const ICONS: Record<string, ReactNode> = {
  bold: svg(<path d="M4.5 2.5h4a2.75 2.75 0 010 5.5h-4zM4.5 8h4.75a2.75 2.75 0 010 5.5H4.5z" />),
  italic: svg(<path d="M7 2.5h5M4 13.5h5M9.5 2.5l-3 11" />),
  strike: svg(
    <path d="M2 8h12M11 4.5C10.5 3.3 9.4 2.5 8 2.5c-1.8 0-3 1-3 2.5M5 11.5c.5 1.2 1.6 2 3 2 1.8 0 3-1 3-2.5" />,
  ),
  code: svg(<path d="M5.5 4.5L2 8l3.5 3.5M10.5 4.5L14 8l-3.5 3.5" />),
  link: svg(<path d="M7 9a3 3 0 004.2.3l2-2a3 3 0 00-4.2-4.2l-.8.8M9 7a3 3 0 00-4.2-.3l-2 2a3 3 0 004.2 4.2l.8-.8" />),
  heading: svg(<path d="M3.5 2.5v11M12.5 2.5v11M3.5 8h9" />),
  quote: svg(<path d="M3 3.5v9M6 5h7M6 8h7M6 11h5" />),
  bulletList: svg(<path d="M6 4h8M6 8h8M6 12h8M2.5 4h.01M2.5 8h.01M2.5 12h.01" />),
  orderedList: svg(<path d="M6.5 4h7.5M6.5 8h7.5M6.5 12h7.5M2 3l1-.5V6M2 9.5h2l-2 2.5h2" />),
  taskList: svg(
    <>
      <rect x="1.75" y="2.75" width="3.5" height="3.5" rx=".5" />
      <path d="M7.5 4.5h6.5M7.5 11.5h6.5M2 11.5l1 1 2-2" />
    </>,
  ),
  table: svg(
    <>
      <rect x="2" y="2.5" width="12" height="11" rx="1" />
      <path d="M2 6.5h12M2 10h12M8 6.5v7" />
    </>,
  ),
  attach: svg(<path d="M13 7.5l-5.3 5.3a3 3 0 01-4.2-4.2L9 3.1a2 2 0 012.8 2.8l-5.5 5.5a1 1 0 01-1.4-1.4L10 5" />),
  more: svg(<path d="M3.5 8h.01M8 8h.01M12.5 8h.01" strokeWidth="2.5" />),
};

type ToolProps = {
  label: string;
  shortcut?: string;
  icon: keyof typeof ICONS;
  onPress: () => void;
  isDisabled?: boolean;
};

/** One icon button with its name (and shortcut) as tooltip and accessible name. */
function Tool({ label, shortcut, icon, onPress, isDisabled }: ToolProps) {
  const name = shortcut ? `${label} (${shortcut})` : label;
  return (
    <TooltipTrigger delay={400}>
      <AriaButton
        className={styles.tool}
        aria-label={name}
        onPress={onPress}
        isDisabled={isDisabled}
        // The editor keeps its selection: a tool button never takes the focus on pointer down.
        preventFocusOnPress
      >
        {ICONS[icon]}
      </AriaButton>
      <Tooltip className={styles.tooltip} offset={4}>
        {name}
      </Tooltip>
    </TooltipTrigger>
  );
}

type EditorToolbarProps = {
  /** Which editor the buttons act on ('Description'). */
  label: string;
  onCommand: (command: EditorCommand) => void;
  /** 'Attach a file or image' (only where the form takes files). */
  onAttach?: () => void;
  isDisabled?: boolean;
};

const MORE: Array<{ id: EditorCommand; label: string }> = [
  { id: 'codeBlock', label: 'Insert code block' },
  { id: 'horizontalRule', label: 'Add a horizontal rule' },
  { id: 'details', label: 'Add a collapsible section' },
  { id: 'indent', label: `Indent line (${MOD}])` },
  { id: 'outdent', label: `Outdent line (${MOD}[)` },
];

/** The formatting toolbar of the markdown editor, the same in rich text and plain text mode. */
function Toolbar({ label, onCommand, onAttach, isDisabled }: EditorToolbarProps) {
  const tool = (icon: EditorCommand, name: string, shortcut?: string) => (
    <Tool
      key={icon}
      icon={icon}
      label={name}
      shortcut={shortcut}
      onPress={() => onCommand(icon)}
      isDisabled={isDisabled}
    />
  );
  return (
    <div role="toolbar" aria-label={`${label} formatting`} className={styles.toolbar}>
      {tool('bold', 'Add bold text', `${MOD}B`)}
      {tool('italic', 'Add italic text', `${MOD}I`)}
      {tool('strike', 'Add strikethrough text', `${MOD}${SHIFT}X`)}
      {tool('code', 'Insert code')}
      {tool('link', 'Add a link', `${MOD}K`)}
      {tool('heading', 'Add a heading')}
      {tool('quote', 'Insert a quote')}
      {tool('bulletList', 'Add a bullet list')}
      {tool('orderedList', 'Add a numbered list')}
      {tool('taskList', 'Add a checklist')}
      {tool('table', 'Add a table')}
      {onAttach && <Tool icon="attach" label="Attach a file or image" onPress={onAttach} isDisabled={isDisabled} />}
      <MenuTrigger>
        <AriaButton className={styles.tool} aria-label="More options" isDisabled={isDisabled} preventFocusOnPress>
          {ICONS.more}
        </AriaButton>
        <Popover className={styles.menuPopover} placement="bottom end">
          <Menu className={styles.menu} aria-label="More options" onAction={(key) => onCommand(key as EditorCommand)}>
            {MORE.map((item) => (
              <MenuItem key={item.id} id={item.id} className={styles.menuItem}>
                {item.label}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
    </div>
  );
}

/** Memoised: the editor re-renders for its suggestions and tabs; the buttons stay as they are. */
export const EditorToolbar = memo(Toolbar);
