import { useMutation, useQuery } from '@apollo/client/react';
import { HEALTH_STATUS_TITLES, HEALTH_STATUS_VALUES, WEIGHT_SUGGESTIONS } from '@milepost/shared';
import { useState } from 'react';
import { useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import {
  FilterLabelsQueryDocument,
  FilterMilestonesQueryDocument,
  FilterUsersQueryDocument,
  type IssuesBulkUpdateInput,
  IssuesBulkUpdateMutationDocument,
} from '../../../gql/graphql.ts';
import { featureSwitches } from '../../../lib/instance-settings.ts';
import { errorMessages } from '../../../lib/mutation-errors.ts';
import { nodesOf } from '../../../lib/paging.ts';
import styles from './issues-list.module.css';

const KEEP = '__keep__';
const NONE = '__none__';
const keep: SelectOption = { id: KEEP, label: 'No change' };

export const BULK_UPDATE_ERROR = 'Issue update failed.';

type Choices = Record<
  | 'state'
  | 'assignee'
  | 'milestone'
  | 'addLabel'
  | 'removeLabel'
  | 'health'
  | 'weight'
  | 'confidential'
  | 'subscription',
  string
>;
const NOTHING: Choices = {
  state: KEEP,
  assignee: KEEP,
  milestone: KEEP,
  addLabel: KEEP,
  removeLabel: KEEP,
  health: KEEP,
  weight: KEEP,
  confidential: KEEP,
  subscription: KEEP,
};

/** The choices as `issuesBulkUpdate`'s input (only what changes). */
export function bulkUpdateInput(choices: Choices): Omit<IssuesBulkUpdateInput, 'parentId' | 'ids'> {
  const input: Omit<IssuesBulkUpdateInput, 'parentId' | 'ids'> = {};
  const set = (key: keyof Choices) => choices[key] !== KEEP;
  if (set('state')) input.stateEvent = choices.state === 'closed' ? 'CLOSE' : 'REOPEN';
  if (set('assignee')) input.assigneeIds = choices.assignee === NONE ? [] : [choices.assignee];
  if (set('milestone')) input.milestoneId = choices.milestone === NONE ? null : choices.milestone;
  if (set('addLabel')) input.addLabelIds = [choices.addLabel];
  if (set('removeLabel')) input.removeLabelIds = [choices.removeLabel];
  if (set('health'))
    input.healthStatus = choices.health === NONE ? null : (choices.health as IssuesBulkUpdateInput['healthStatus']);
  if (set('weight')) input.weight = choices.weight === NONE ? null : Number(choices.weight);
  if (set('confidential')) input.confidential = choices.confidential === 'true';
  if (set('subscription')) input.subscriptionEvent = choices.subscription === 'subscribe' ? 'SUBSCRIBE' : 'UNSUBSCRIBE';
  return input;
}

type IssuesBulkEditProps = {
  /** The group whose users, labels and milestones are offered. */
  groupPath: string;
  /** `gid://gitlab/Project/…` or `gid://gitlab/Group/…`. */
  parentId: string;
  selectedIds: readonly string[];
  onDone: () => void | Promise<void>;
  onCancel: () => void;
};

/** GitLab's bulk edit: one change for every selected issue (state, assignee, milestone, labels, …). */
export function IssuesBulkEdit({ groupPath, parentId, selectedIds, onDone, onCancel }: IssuesBulkEditProps) {
  const [choices, setChoices] = useState<Choices>(NOTHING);
  const [error, setError] = useState<string | null>(null);
  const { showToast } = useToast();
  const users = useQuery(FilterUsersQueryDocument, { variables: { fullPath: groupPath, search: '' } });
  const labels = useQuery(FilterLabelsQueryDocument, { variables: { fullPath: groupPath, first: 100 } });
  const milestones = useQuery(FilterMilestonesQueryDocument, { variables: { fullPath: groupPath } });
  useErrorAlert(users.error ?? labels.error ?? milestones.error, 'An error occurred fetching the dropdown data.');
  const [update, { loading }] = useMutation(IssuesBulkUpdateMutationDocument);

  const labelOptions = nodesOf(labels.data?.group?.labels).map((l) => ({ id: l.id, label: l.title }));
  const field = (key: keyof Choices, label: string, options: SelectOption[]) => (
    <SelectField
      key={key}
      label={label}
      compact
      options={[keep, ...options]}
      value={choices[key]}
      onChange={(value) => setChoices({ ...choices, [key]: value })}
    />
  );
  const input = bulkUpdateInput(choices);
  const nothing = Object.keys(input).length === 0;

  const submit = async () => {
    setError(null);
    try {
      const result = await update({ variables: { input: { parentId, ids: [...selectedIds], ...input } } });
      const payload = result.data?.issuesBulkUpdate;
      if (payload?.errors.length) {
        setError(`${BULK_UPDATE_ERROR} ${payload.errors.join('. ')}`);
        return;
      }
      const count = payload?.updatedIssueCount ?? 0;
      showToast(`${count} ${count === 1 ? 'issue' : 'issues'} updated`);
      setChoices(NOTHING);
      await onDone();
    } catch (caught) {
      setError(`${BULK_UPDATE_ERROR} ${errorMessages(caught).join('. ')}`);
    }
  };

  return (
    <aside className={styles.bulkPanel} aria-label="Bulk edit">
      <h2 className={styles.bulkTitle}>
        Bulk edit <span className={styles.bulkCount}>{selectedIds.length} selected</span>
      </h2>
      {field('state', 'Status', [
        { id: 'opened', label: 'Open' },
        { id: 'closed', label: 'Closed' },
      ])}
      {field('assignee', 'Assignee', [
        { id: NONE, label: 'Unassigned' },
        ...(users.data?.group?.autocompleteUsers ?? []).map((u) => ({ id: u.id, label: `${u.name} (@${u.username})` })),
      ])}
      {field('milestone', 'Milestone', [
        { id: NONE, label: 'No milestone' },
        ...nodesOf(milestones.data?.group?.milestones).map((m) => ({ id: m.id, label: m.title })),
      ])}
      {field('addLabel', 'Add label', labelOptions)}
      {field('removeLabel', 'Remove label', labelOptions)}
      {featureSwitches().healthStatus &&
        field('health', 'Health status', [
          { id: NONE, label: 'No status' },
          ...HEALTH_STATUS_VALUES.map((v) => ({ id: v, label: HEALTH_STATUS_TITLES[v] ?? v })),
        ])}
      {field('weight', 'Weight', [
        { id: NONE, label: 'No weight' },
        ...WEIGHT_SUGGESTIONS.map((w) => ({ id: w, label: w })),
      ])}
      {field('confidential', 'Confidentiality', [
        { id: 'true', label: 'Confidential' },
        { id: 'false', label: 'Not confidential' },
      ])}
      {field('subscription', 'Subscription', [
        { id: 'subscribe', label: 'Subscribe' },
        { id: 'unsubscribe', label: 'Unsubscribe' },
      ])}
      {error && (
        <p className={styles.bulkError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.bulkButtons}>
        <Button variant="primary" onPress={submit} isDisabled={nothing || selectedIds.length === 0 || loading}>
          Update all
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </aside>
  );
}
