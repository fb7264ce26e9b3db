import { timeAgo } from '@milepost/shared';
import { memo } from 'react';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import type { NoteFieldsFragment } from '../../gql/graphql.ts';
import styles from './discussions.module.css';

/** GitLab's system note icon names, drawn with the app's icon set. */
const ICONS: Record<string, IconName> = {
  pencil: 'pencil',
  'issue-close': 'check',
  status_open: 'issues',
  label: 'label',
  milestone: 'milestone',
  user: 'user',
  calendar: 'calendar',
  'status-health': 'success',
  'eye-slash': 'eye-slash',
  eye: 'eye',
  lock: 'lock',
  'lock-open': 'unlock',
  epic: 'epic',
  link: 'link',
  'task-done': 'task',
};

/** A history line: the change's icon, who made it, what changed (server-rendered) and when. */
export const SystemNote = memo(function SystemNote({ note }: { note: NoteFieldsFragment }) {
  const icon = (note.systemNoteIconName && ICONS[note.systemNoteIconName]) || 'history';
  return (
    <div className={styles.systemNote} id={noteAnchor(note.id)}>
      <span className={styles.systemIcon}>
        <Icon name={icon} size={14} />
      </span>
      <div className={styles.systemText}>
        {note.author && (
          <a href={note.author.webPath} data-app-link="" className={styles.authorName}>
            {note.author.name}
          </a>
        )}{' '}
        <span
          className={styles.systemBody}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders and sanitises notes
          dangerouslySetInnerHTML={{ __html: note.bodyHtml ?? '' }}
        />{' '}
        <NoteTime value={note.createdAt} />
      </div>
    </div>
  );
});

/** 'note_12' for `gid://gitlab/Note/12`: the note's anchor, as GitLab's links to a note. */
export function noteAnchor(id: string): string {
  return `note_${id.split('/').pop() ?? id}`;
}

/**
 * '3 days ago'; the exact time on hover is written in when the pointer comes over the entry
 * (`useTimeTooltips` of the list), not for every note up front (decision 0076).
 */
export function NoteTime({ value }: { value: string }) {
  return (
    <time className={styles.time} dateTime={value}>
      {timeAgo(value)}
    </time>
  );
}
