import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { IssuableTodoQueryDocument } from '../../gql/graphql.ts';
import styles from './todos.module.css';
import { useTodoActions } from './use-todo-actions.ts';

type SidebarTodoProps =
  | { issuableType: 'epic'; groupPath: string; iid: string }
  | { issuableType: 'issue'; projectPath: string; iid: string };

/**
 * The sidebar's to-do row (signed-in viewers; spec 001 §2.3): 'Add a to-do' when the viewer has
 * no pending to-do on the epic or issue, 'Mark as done' when they have one.
 */
export function SidebarTodo(props: SidebarTodoProps) {
  const isEpic = props.issuableType === 'epic';
  const { data, loading } = useQuery(IssuableTodoQueryDocument, {
    variables: {
      isEpic,
      epicIid: props.iid,
      issueIid: props.iid,
      groupPath: props.issuableType === 'epic' ? props.groupPath : '',
      projectPath: props.issuableType === 'issue' ? props.projectPath : '',
    },
  });
  const { addTodo, markDone } = useTodoActions();
  const { pushAlert } = useAlerts();
  const [saving, setSaving] = useState(false);
  const target = isEpic ? data?.group?.epic : data?.project?.issue;
  const pending = target?.currentUserTodos.nodes?.find((n) => n !== null) ?? null;

  const handlePress = async () => {
    if (!target) return;
    setSaving(true);
    try {
      const error = pending ? await markDone(pending.id) : await addTodo(target.id);
      if (error) pushAlert({ variant: 'danger', message: error });
    } catch {
      pushAlert({
        variant: 'danger',
        message: pending ? 'The to-do item could not be marked as done.' : 'The to-do item could not be added.',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.sidebarTodo} aria-label="To-do item" data-section="todo">
      <h2 className={styles.sidebarTodoTitle}>To-do item</h2>
      <Button compact isDisabled={!target || loading || saving} onPress={handlePress}>
        <Icon name={pending ? 'todo' : 'todo-add'} />
        {pending ? 'Mark as done' : 'Add a to-do'}
      </Button>
    </section>
  );
}
