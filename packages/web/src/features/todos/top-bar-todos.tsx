import { useQuery } from '@apollo/client/react';
import { cappedCountLabel } from '@milepost/shared';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { TodoCountQueryDocument } from '../../gql/graphql.ts';
import { routes } from '../../lib/routes.ts';
import styles from './todos.module.css';

/** How often the counter refreshes while the page stays open (changes made here refresh it at once). */
const REFRESH_MS = 60_000;

/** The top bar's To-Do List link with the number of pending to-dos (signed-in users). */
export function TopBarTodos() {
  const { data } = useQuery(TodoCountQueryDocument, { pollInterval: REFRESH_MS });
  const count = data?.currentUser?.todos.count ?? 0;
  const label = count > 0 ? `To-Do List, ${count} pending` : 'To-Do List';
  return (
    <Link to={routes.dashboardTodos()} className={styles.topBarLink} aria-label={label} title="To-Do List">
      <Icon name="todo" size={18} />
      {count > 0 && (
        <span className={styles.topBarCount} aria-hidden="true" data-testid="todo-count">
          {cappedCountLabel(count)}
        </span>
      )}
    </Link>
  );
}
