import type { NoteFieldsFragment } from '../../../gql/graphql.ts';
import { ServerHtml } from '../../issuables/server-html.tsx';
import { DescriptionTaskList } from './description-task-list.tsx';

type NoteTaskListProps = {
  note: NoteFieldsFragment;
  /** Whether the viewer may edit the comment (`adminNote`). */
  editable: boolean;
  className: string;
  /** The discussion's note update: the whole text at the version it was based on. */
  update: (
    note: NoteFieldsFragment,
    body: string,
    lockVersion: number,
  ) => Promise<{ errors: string[]; stale?: boolean }>;
  /** Re-reads the comment as saved now (into the discussion's store). */
  refresh: (note: NoteFieldsFragment) => Promise<unknown>;
};

/**
 * A comment's rendered text; with lists and edit rights, its task lists work as a description's:
 * checkboxes and list order saved through the note's own update (its lock version guards it).
 */
export function NoteTaskList({ note, editable, className, update, refresh }: NoteTaskListProps) {
  const html = note.bodyHtml ?? '';
  if (!editable || !html.includes('<li')) return <ServerHtml html={html} className={className} />;
  return (
    <DescriptionTaskList
      target={{
        issuableType: 'comment',
        html,
        source: note.body,
        lockVersion: note.lockVersion,
        editable,
        className,
        save: async (text, lockVersion) => {
          const result = await update(note, text, lockVersion);
          if (result.stale) throw Object.assign(new Error(result.errors.join(' ')), { status: 409 });
          if (result.errors.length) throw new Error(result.errors.join(' '));
          return { lockVersion: lockVersion + 1 };
        },
        refresh: () => refresh(note),
      }}
    />
  );
}
