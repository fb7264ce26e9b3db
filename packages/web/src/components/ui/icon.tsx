import type { ReactElement } from 'react';
import styles from './icon.module.css';

/** One icon set for the whole app: 16 px line icons drawn on a 16 × 16 grid. */
const PATHS = {
  menu: <path d="M2 4h12M2 8h12M2 12h12" />,
  close: <path d="M4 4l8 8M12 4l-8 8" />,
  search: (
    <>
      <circle cx="7" cy="7" r="4.5" />
      <path d="M10.5 10.5L14 14" />
    </>
  ),
  'chevron-down': <path d="M4 6l4 4 4-4" />,
  'chevron-right': <path d="M6 4l4 4-4 4" />,
  'chevron-left': <path d="M10 4L6 8l4 4" />,
  lock: (
    <>
      <rect x="3" y="7" width="10" height="7" rx="1" />
      <path d="M5 7V5a3 3 0 016 0v2" />
    </>
  ),
  shield: <path d="M8 2l5 2v4c0 3-2.2 5.2-5 6-2.8-.8-5-3-5-6V4l5-2z" />,
  earth: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M2 8h12M8 2c1.8 1.7 2.6 3.7 2.6 6S9.8 12.3 8 14C6.2 12.3 5.4 10.3 5.4 8S6.2 3.7 8 2z" />
    </>
  ),
  users: (
    <>
      <circle cx="6" cy="5.5" r="2.5" />
      <path d="M1.5 14c0-2.5 2-4.5 4.5-4.5s4.5 2 4.5 4.5" />
      <path d="M10.5 3.2a2.5 2.5 0 010 4.6M12 9.8c1.5.6 2.5 2.2 2.5 4.2" />
    </>
  ),
  group: (
    <>
      <rect x="2" y="2" width="5" height="5" rx="1" />
      <rect x="9" y="2" width="5" height="5" rx="1" />
      <rect x="2" y="9" width="5" height="5" rx="1" />
      <rect x="9" y="9" width="5" height="5" rx="1" />
    </>
  ),
  project: (
    <>
      <path d="M3 2.5h7.5L13 5v8.5H3z" />
      <path d="M5.5 7h5M5.5 9.5h5" />
    </>
  ),
  overview: (
    <>
      <path d="M2.5 7L8 2.5 13.5 7" />
      <path d="M4 6v7.5h8V6" />
    </>
  ),
  epic: (
    <>
      <path d="M8 2l6 3-6 3-6-3 6-3z" />
      <path d="M2 8l6 3 6-3M2 11l6 3 6-3" />
    </>
  ),
  roadmap: <path d="M2 4h7M5 8h8M3 12h6" />,
  weight: (
    <>
      <circle cx="8" cy="4" r="1.8" />
      <path d="M4.5 6.5h7l1.5 7.5H3z" />
    </>
  ),
  health: <path d="M1.5 8.5h3l1.5-4 3 8 1.5-4h4" />,
  comment: <path d="M2.5 3.5h11v7.5H7l-3 2.5V11H2.5z" />,
  rss: (
    <>
      <path d="M3 3a10 10 0 0110 10M3 7a6 6 0 016 6" />
      <circle cx="3.8" cy="12.2" r="1" />
    </>
  ),
  download: <path d="M8 2.5v8M4.5 7L8 10.5 11.5 7M3 13.5h10" />,
  milestone: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 4.5V8l2.5 1.5" />
    </>
  ),
  calendar: (
    <>
      <rect x="2.5" y="3.5" width="11" height="10" rx="1" />
      <path d="M2.5 6.5h11M5.5 2v3M10.5 2v3" />
    </>
  ),
  issues: (
    <>
      <circle cx="8" cy="8" r="6" />
      <circle cx="8" cy="8" r="1.2" />
    </>
  ),
  key: (
    <>
      <circle cx="5" cy="11" r="3" />
      <path d="M7.2 8.8L13 3M11 5l2 2" />
    </>
  ),
  admin: <path d="M10.5 2.5a3.5 3.5 0 00-3.3 4.6L2.5 11.8V13.5h1.7l4.7-4.7a3.5 3.5 0 004.6-3.3l-2 1.5-2-2z" />,
  'sign-out': (
    <>
      <path d="M6 2.5H3v11h3" />
      <path d="M10 5l3 3-3 3M13 8H6" />
    </>
  ),
  blocked: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M3.8 12.2l8.4-8.4" />
    </>
  ),
  settings: (
    <>
      <circle cx="8" cy="8" r="2" />
      <path d="M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4" />
    </>
  ),
  'sort-ascending': <path d="M4 13V3M1.5 5.5L4 3l2.5 2.5M9 4h5M9 8h3.5M9 12h2" />,
  'sort-descending': <path d="M4 3v10M1.5 10.5L4 13l2.5-2.5M9 4h2M9 8h3.5M9 12h5" />,
  info: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 7.5V11M8 5v.5" />
    </>
  ),
  error: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 4.5V9M8 11v.5" />
    </>
  ),
  warning: (
    <>
      <path d="M8 2l6.5 11.5h-13z" />
      <path d="M8 6.5v3.5M8 11.7v.3" />
    </>
  ),
  success: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M5.5 8.2l1.8 1.8 3.2-3.5" />
    </>
  ),
  check: <path d="M3 8.5l3 3 7-7" />,
  copy: (
    <>
      <rect x="5.5" y="5.5" width="8" height="8" rx="1" />
      <path d="M10.5 5.5V3.5a1 1 0 00-1-1h-6a1 1 0 00-1 1v6a1 1 0 001 1h2" />
    </>
  ),
  plus: <path d="M8 3v10M3 8h10" />,
  trash: (
    <>
      <path d="M2.5 4.5h11M6 4.5V3h4v1.5" />
      <path d="M4 4.5l.7 9h6.6l.7-9" />
    </>
  ),
  'sidebar-collapse': (
    <>
      <rect x="2" y="2.5" width="12" height="11" rx="1" />
      <path d="M6 2.5v11M10.5 6.5L9 8l1.5 1.5" />
    </>
  ),
  'sidebar-expand': (
    <>
      <rect x="2" y="2.5" width="12" height="11" rx="1" />
      <path d="M6 2.5v11M9 6.5L10.5 8 9 9.5" />
    </>
  ),
  pencil: <path d="M10.5 2.5l3 3-8 8H2.5v-3z M9 4l3 3" />,
  link: (
    <>
      <path d="M7 9a3 3 0 004.2 0l2-2a3 3 0 00-4.2-4.2l-.8.8" />
      <path d="M9 7a3 3 0 00-4.2 0l-2 2a3 3 0 004.2 4.2l.8-.8" />
    </>
  ),
  reply: <path d="M6.5 4L2.5 7.5l4 3.5M2.5 7.5h6.5a4.5 4.5 0 014.5 4.5" />,
  eye: (
    <>
      <path d="M2 8s2.2-4 6-4 6 4 6 4-2.2 4-6 4-6-4-6-4z" />
      <circle cx="8" cy="8" r="1.8" />
    </>
  ),
  unlock: (
    <>
      <rect x="3" y="7" width="10" height="7" rx="1" />
      <path d="M5 7V5a3 3 0 015.8-1" />
    </>
  ),
  history: (
    <>
      <path d="M2.5 8a5.5 5.5 0 101.6-3.9" />
      <path d="M2.5 2.5v2.5H5M8 5v3l2 1.5" />
    </>
  ),
  user: (
    <>
      <circle cx="8" cy="5.5" r="3" />
      <path d="M2.5 14c0-3 2.5-5 5.5-5s5.5 2 5.5 5" />
    </>
  ),
  label: (
    <>
      <path d="M2.5 2.5h5.2l5.8 5.8-5.2 5.2-5.8-5.8z" />
      <circle cx="5.5" cy="5.5" r="1" />
    </>
  ),
  'eye-slash': (
    <>
      <path d="M2 8s2.2-4 6-4 6 4 6 4-2.2 4-6 4-6-4-6-4z" />
      <circle cx="8" cy="8" r="1.8" />
      <path d="M3 13L13 3" />
    </>
  ),
  grip: (
    <>
      <circle cx="6" cy="3.5" r=".75" />
      <circle cx="10" cy="3.5" r=".75" />
      <circle cx="6" cy="8" r=".75" />
      <circle cx="10" cy="8" r=".75" />
      <circle cx="6" cy="12.5" r=".75" />
      <circle cx="10" cy="12.5" r=".75" />
    </>
  ),
  'ellipsis-v': (
    <>
      <circle cx="8" cy="3.5" r=".75" />
      <circle cx="8" cy="8" r=".75" />
      <circle cx="8" cy="12.5" r=".75" />
    </>
  ),
  smiley: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M5.5 9.5c.6 1 1.4 1.5 2.5 1.5s1.9-.5 2.5-1.5M6 6.5v.2M10 6.5v.2" />
    </>
  ),
  incident: (
    <>
      <path d="M3.5 12.5V8a4.5 4.5 0 019 0v4.5" />
      <path d="M2 12.5h12M8 6.5v3M8 1.5v1M2.8 3.3l.7.7M13.2 3.3l-.7.7" />
    </>
  ),
  task: (
    <>
      <rect x="2.5" y="2.5" width="11" height="11" rx="2" />
      <path d="M5.5 8l2 2 3-4" />
    </>
  ),
  spam: (
    <>
      <path d="M5.5 2h5L14 5.5v5L10.5 14h-5L2 10.5v-5z" />
      <path d="M8 5v3.5M8 11v.1" />
    </>
  ),
  import: (
    <>
      <path d="M8 2v8M5 7l3 3 3-3" />
      <path d="M2.5 10.5v3h11v-3" />
    </>
  ),
  sparkle: <path d="M8 1.5l1.6 4.9 4.9 1.6-4.9 1.6L8 14.5l-1.6-4.9L1.5 8l4.9-1.6z" />,
  video: (
    <>
      <rect x="1.5" y="4" width="9" height="8" rx="1" />
      <path d="M10.5 7l4-2.5v7l-4-2.5" />
    </>
  ),
  iteration: (
    <>
      <path d="M13 8a5 5 0 11-1.5-3.6" />
      <path d="M13 2.5v2.5h-2.5" />
      <path d="M8 5.5V8l1.8 1.2" />
    </>
  ),
  'external-link': <path d="M9 2.5h4.5V7M13.5 2.5L7 9M11.5 9.5v4h-9v-9h4" />,
  keyboard: (
    <>
      <rect x="1.5" y="4" width="13" height="8" rx="1" />
      <path d="M4.5 6.5h0M7 6.5h0M9.5 6.5h0M12 6.5h0M5 9.5h6" />
    </>
  ),
  /** The To-Do List (top bar); 'Add a to-do' and 'Mark as done' in the sidebars. */
  todo: (
    <>
      <rect x="2.5" y="2.5" width="11" height="11" rx="2" />
      <path d="M5.5 8.2l1.8 1.8 3.2-3.5" />
    </>
  ),
  'todo-add': (
    <>
      <path d="M13.5 8.5v3a2 2 0 01-2 2h-7a2 2 0 01-2-2v-7a2 2 0 012-2h4" />
      <path d="M12 1.5v5M9.5 4h5" />
    </>
  ),
} satisfies Record<string, ReactElement>;

export type IconName = keyof typeof PATHS;

type IconProps = {
  name: IconName;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
  size?: number;
  className?: string;
};

/**
 * A 16 × 16 line icon. Its stroke and fill come from its class, not attributes: React sets each
 * attribute of each element one by one, and a long thread draws two thousand icons (decision 0086).
 */
export function Icon({ name, label, size = 16, className }: IconProps) {
  return (
    <svg
      className={className ? `${styles.icon} ${className}` : styles.icon}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {PATHS[name]}
    </svg>
  );
}
