import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import {
  CreateChildIssueMutationDocument,
  CreateWorkItemMutationDocument,
  DeleteWorkItemMutationDocument,
  EpicTaskListQueryDocument,
  NamespaceWorkItemTypesQueryDocument,
} from '../../../gql/graphql.ts';
import type { ConvertedChild, TaskListTarget } from './description-task-list.tsx';
import { type DescriptionOwner, saveDescription, saveTaskToggle } from './task-list-requests.ts';

/** What the task list needs of an issue or an epic. */
type Described = {
  id: string;
  iid: string;
  description?: string | null;
  descriptionHtml?: string | null;
  lockVersion: number;
  confidential: boolean | null;
};

/** The work item global id of an issue (`gid://gitlab/Issue/7` → `gid://gitlab/WorkItem/7`). */
export const workItemGid = (issueGid: string) => issueGid.replace(/^gid:\/\/gitlab\/Issue\//, 'gid://gitlab/WorkItem/');

/** A failure of a GraphQL payload, as an error the task list reports. */
function payloadErrors(errors: readonly string[] | null | undefined): void {
  if (errors?.length) throw new Error(errors.join(' '));
}

/** Deletes a child again (Undo): the one removal for tasks and issues (work items are issues). */
function useRemoveChild() {
  const client = useApolloClient();
  return useCallback(
    (id: string): ConvertedChild => ({
      remove: async () => {
        const { data } = await client.mutate({
          mutation: DeleteWorkItemMutationDocument,
          variables: { input: { id } },
        });
        payloadErrors(data?.workItemDelete?.errors);
      },
    }),
    [client],
  );
}

function baseTarget(owner: DescriptionOwner, item: Described, editable: boolean) {
  return {
    html: item.descriptionHtml ?? '',
    source: item.description ?? '',
    lockVersion: item.lockVersion,
    editable,
    toggleTask: (toggle: Parameters<typeof saveTaskToggle>[1]) => saveTaskToggle(owner, toggle, item.lockVersion),
    save: (text: string, lockVersion: number) => saveDescription(owner, text, lockVersion),
  };
}

/**
 * The task list of an issue's (or incident's, or task's) description: 'Convert to child item'
 * makes a Task under it, in its project — offered for issues and incidents, not for tasks.
 */
export function useIssueTaskList(
  projectPath: string,
  issue: Described & { type?: string | null },
  options: { editable: boolean; refresh: () => Promise<unknown>; onBusyChange?: (busy: boolean) => void },
): Omit<TaskListTarget, 'className'> {
  const client = useApolloClient();
  const removeChild = useRemoveChild();
  const owner: DescriptionOwner = { kind: 'issue', projectPath, iid: issue.iid };
  const type = (issue.type ?? 'ISSUE').toUpperCase();

  const create = async (task: { title: string; description: string }): Promise<ConvertedChild> => {
    const types = await client.query({
      query: NamespaceWorkItemTypesQueryDocument,
      variables: { fullPath: projectPath, name: 'TASK' },
    });
    const typeId = types.data?.project?.workItemTypes?.nodes[0]?.id;
    if (!typeId) throw new Error('This project has no task type.');
    const { data } = await client.mutate({
      mutation: CreateWorkItemMutationDocument,
      variables: {
        input: {
          namespacePath: projectPath,
          title: task.title,
          workItemTypeId: typeId,
          confidential: issue.confidential ?? false,
          ...(task.description ? { descriptionWidget: { description: task.description } } : {}),
          hierarchyWidget: { parentId: workItemGid(issue.id) },
        },
      },
    });
    payloadErrors(data?.workItemCreate?.errors);
    const created = data?.workItemCreate?.workItem;
    if (!created) throw new Error('The task was not created.');
    return removeChild(created.id);
  };

  return {
    ...baseTarget(owner, issue, options.editable),
    issuableType: type === 'INCIDENT' ? 'incident' : type === 'TASK' ? 'task' : 'issue',
    refresh: options.refresh,
    onBusyChange: options.onBusyChange,
    convert: type === 'TASK' ? undefined : { childType: 'task', create },
  };
}

/**
 * The task list of an epic's description: 'Convert to child item' makes an issue of the epic, in
 * the project the user last created an issue in (offered only when there is one; decision 0036).
 */
export function useEpicTaskList(
  groupPath: string,
  epic: Described,
  options: { editable: boolean; refresh: () => Promise<unknown> },
): Omit<TaskListTarget, 'className'> {
  const client = useApolloClient();
  const removeChild = useRemoveChild();
  const owner: DescriptionOwner = { kind: 'epic', groupPath, iid: epic.iid };
  const { data } = useQuery(EpicTaskListQueryDocument, {
    variables: { fullPath: groupPath, iid: epic.iid },
    skip: !options.editable,
  });
  const project = data?.group?.epic?.defaultProjectForIssueCreation;

  const create = async (task: { title: string; description: string }): Promise<ConvertedChild> => {
    if (!project) throw new Error('No project to create the issue in.');
    const { data: created } = await client.mutate({
      mutation: CreateChildIssueMutationDocument,
      variables: {
        input: {
          projectPath: project.fullPath,
          title: task.title,
          description: task.description || null,
          confidential: epic.confidential ?? false,
          epicId: epic.id,
        },
      },
    });
    payloadErrors(created?.createIssue?.errors);
    const issue = created?.createIssue?.issue;
    if (!issue) throw new Error('The issue was not created.');
    return removeChild(workItemGid(issue.id));
  };

  return {
    ...baseTarget(owner, epic, options.editable),
    issuableType: 'epic',
    refresh: options.refresh,
    convert: project ? { childType: 'issue', create } : undefined,
  };
}
