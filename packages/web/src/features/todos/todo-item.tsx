import { timeAgo } from '@milepost/shared';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import type { TodoFieldsFragment } from '../../gql/graphql.ts';
import { absoluteTime } from '../issuables/format-created.ts';
import styles from './todos.module.css';

/** GitLab's words for what made the to-do ('assigned you'; 'yourself' when the author is the viewer). */
export function actionText(action: TodoFieldsFragment['action'], self: boolean): string {
  const who = self ? 'yourself' : 'you';
  switch (action) {
    case 'assigned':
      return `assigned ${who}`;
    case 'mentioned':
      return `mentioned ${who}`;
    case 'directly_addressed':
      return `directly addressed ${who}`;
    case 'marked':
      return 'added a to-do item';
    default:
      return 'added a to-do item';
  }
}

/** The path of a URL on this instance (targets link inside the app). */
function pathOf(url: string | null | undefined): string {
  if (!url) return '#';
  try {
    const parsed = new URL(url, window.location.origin);
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return '#';
  }
}

type TodoItemProps = {
  todo: TodoFieldsFragment;
  viewerId: string | null;
  busy: boolean;
  onMarkDone: (todo: TodoFieldsFragment) => void;
  onRestore: (todo: TodoFieldsFragment) => void;
};

/** One to-do: who did what on which issue or epic, the comment that did it, and Mark as done / Undo. */
export function TodoItem({ todo, viewerId, busy, onMarkDone, onRestore }: TodoItemProps) {
  const self = todo.author?.id === viewerId;
  const target =
    'epicTitle' in todo.target
      ? { title: todo.target.epicTitle, reference: todo.target.reference }
      : 'issueTitle' in todo.target
        ? { title: todo.target.issueTitle, reference: todo.target.reference }
        : { title: undefined, reference: undefined };
  const typeLabel = todo.targetType === 'EPIC' ? 'Epic' : 'Issue';
  const where = todo.project?.nameWithNamespace ?? todo.group?.fullName ?? '';
  const showBody =
    (todo.action === 'mentioned' || todo.action === 'directly_addressed') && todo.body !== (target.title ?? '');
  const title = target.title ?? todo.body;
  return (
    <li className={styles.item} data-state={todo.state} data-testid="todo-item">
      <Avatar
        name={todo.author?.name ?? 'Ghost User'}
        src={todo.author?.avatarUrl ?? undefined}
        seed={todo.author?.id ?? 'ghost'}
        size="m"
      />
      <div className={styles.main}>
        <p className={styles.line}>
          <span className={styles.author}>{self ? 'You' : (todo.author?.name ?? 'Ghost User')}</span>{' '}
          {actionText(todo.action, self)}
          <span className={styles.separator} aria-hidden="true">
            {' · '}
          </span>
          <span className={styles.meta}>{where}</span>
        </p>
        <p className={styles.target}>
          <Icon name={todo.targetType === 'EPIC' ? 'epic' : 'issues'} />
          <Link to={pathOf(todo.targetUrl)} className={styles.targetLink}>
            <span className="visually-hidden">{typeLabel} </span>
            {title}
          </Link>{' '}
          <span className={styles.reference}>{target.reference}</span>
        </p>
        {showBody && <blockquote className={styles.body}>{todo.body}</blockquote>}
      </div>
      <div className={styles.aside}>
        <time className={styles.time} dateTime={todo.createdAt} title={absoluteTime(todo.createdAt)}>
          {timeAgo(todo.createdAt)}
        </time>
        {todo.state === 'pending' ? (
          <Button compact isDisabled={busy} onPress={() => onMarkDone(todo)} aria-label={`Mark as done: ${title}`}>
            Mark as done
          </Button>
        ) : (
          <Button compact isDisabled={busy} onPress={() => onRestore(todo)} aria-label={`Undo: ${title}`}>
            Undo
          </Button>
        )}
      </div>
    </li>
  );
}
