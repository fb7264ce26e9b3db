import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  CreateWorkItemMutationDocument,
  NamespaceWorkItemTypesQueryDocument,
  WorkItemHierarchyQueryDocument,
  type WorkItemHierarchyQueryQuery,
} from '../../../gql/graphql.ts';
import styles from './work-item-hierarchy.module.css';

type WorkItem = NonNullable<NonNullable<WorkItemHierarchyQueryQuery['project']>['workItem']>;
type HierarchyWidget = Extract<NonNullable<WorkItem['widgets']>[number], { rolledUpCountsByType: unknown }>;

function hierarchyOf(item: WorkItem | null | undefined): HierarchyWidget | undefined {
  return item?.widgets?.find((w): w is HierarchyWidget => 'rolledUpCountsByType' in w);
}

/**
 * A work item's place in the hierarchy (issue 14): a task shows its parent; an issue or incident
 * its child tasks ('Child items', with the open count of all), each linking to its work item page,
 * and, for users who may link them, a form that adds a new task.
 */
export function WorkItemHierarchy({ projectPath, iid }: { projectPath: string; iid: string }) {
  const { data } = useQuery(WorkItemHierarchyQueryDocument, { variables: { fullPath: projectPath, iid } });
  const item = data?.project?.workItem;
  const hierarchy = hierarchyOf(item);
  if (!item || !hierarchy) return null;
  if (item.workItemType.name === 'Task') {
    const parent = hierarchy.parent;
    return parent ? (
      <p className={styles.parent}>
        <Icon name={parent.workItemType.name === 'Incident' ? 'incident' : 'issues'} />
        Parent: <Link to={parent.webPath}>{parent.title}</Link> <span>{parent.reference}</span>
      </p>
    ) : null;
  }
  return <ChildItems projectPath={projectPath} item={item} hierarchy={hierarchy} />;
}

function ChildItems({
  projectPath,
  item,
  hierarchy,
}: {
  projectPath: string;
  item: WorkItem;
  hierarchy: HierarchyWidget;
}) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const children = hierarchy.children?.nodes ?? [];
  const counts = hierarchy.rolledUpCountsByType.find((c) => c.workItemType.name === 'Task')?.countsByState;
  const canAdd = item.userPermissions.adminParentLink;
  return (
    <section className={styles.section} aria-labelledby={headingId} id="child-items">
      <div className={styles.header}>
        <h2 className={styles.title} id={headingId}>
          Child items
        </h2>
        <span className={styles.count} title={`${counts?.closed ?? 0} of ${counts?.all ?? 0} tasks closed`}>
          <Icon name="task" label="Tasks" />
          {counts?.all ? `${counts.closed}/${counts.all}` : 0}
        </span>
        {canAdd && !adding && (
          <span className={styles.headerActions}>
            <Button compact onPress={() => setAdding(true)}>
              Add
            </Button>
          </span>
        )}
      </div>
      <div className={styles.body}>
        {adding && <NewTaskForm projectPath={projectPath} item={item} onClose={() => setAdding(false)} />}
        {children.length === 0 ? (
          <p className={styles.empty}>
            No child items are currently assigned. Use child items to break down work into smaller parts.
          </p>
        ) : (
          <ul className={styles.list}>
            {children.map((child) => (
              <li key={child.id} className={styles.row}>
                <Icon name="task" label={child.state === 'CLOSED' ? 'Closed task' : 'Open task'} />
                {child.confidential && <Icon name="eye-slash" label="Confidential" />}
                <Link
                  to={child.webPath}
                  className={`${styles.rowTitle} ${child.state === 'CLOSED' ? styles.closed : ''}`}
                >
                  {child.title}
                </Link>
                <span className={styles.reference}>{child.reference}</span>
                <span className={styles.state}>{child.state === 'CLOSED' ? 'Closed' : 'Open'}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** 'Add' › a new task: its title, created under the item in the same project. */
function NewTaskForm({ projectPath, item, onClose }: { projectPath: string; item: WorkItem; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const { pushAlert } = useAlerts();
  const types = useQuery(NamespaceWorkItemTypesQueryDocument, { variables: { fullPath: projectPath, name: 'TASK' } });
  const taskType = types.data?.project?.workItemTypes?.nodes[0]?.id;
  const [create, { loading }] = useMutation(CreateWorkItemMutationDocument, {
    refetchQueries: [WorkItemHierarchyQueryDocument],
    awaitRefetchQueries: true,
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed || !taskType) return;
    try {
      const { data } = await create({
        variables: {
          input: {
            namespacePath: projectPath,
            title: trimmed,
            workItemTypeId: taskType,
            confidential: item.confidential,
            hierarchyWidget: { parentId: item.id },
          },
        },
      });
      const errors = data?.workItemCreate?.errors ?? [];
      if (errors.length) {
        pushAlert({ variant: 'danger', message: errors.join(' ') });
        return;
      }
      setTitle('');
      onClose();
    } catch {
      pushAlert({ variant: 'danger', message: 'Something went wrong when creating task. Please try again.' });
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit}>
      <TextField
        label="Task title"
        value={title}
        onChange={setTitle}
        autoFocus
        className={styles.formField}
        maxLength={255}
      />
      <Button type="submit" variant="primary" isDisabled={!title.trim() || !taskType || loading}>
        Create task
      </Button>
      <Button onPress={onClose}>Cancel</Button>
    </form>
  );
}
