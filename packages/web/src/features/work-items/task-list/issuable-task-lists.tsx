import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import {
  EpicChildItemsQueryDocument,
  EpicPageQueryDocument,
  IssuePageQueryDocument,
  WorkItemHierarchyQueryDocument,
} from '../../../gql/graphql.ts';
import { DescriptionTaskList } from './description-task-list.tsx';
import { useEpicTaskList, useIssueTaskList } from './use-task-list-targets.ts';

type IssueTaskListProps = {
  projectPath: string;
  issue: Parameters<typeof useIssueTaskList>[1];
  editable: boolean;
  className: string;
  /** True while a save runs (the page pauses its polling). */
  onBusyChange?: (busy: boolean) => void;
};

/** The issue page's description with task lists (mounted through `IssuableBody.renderDescription`). */
export function IssueTaskList({ projectPath, issue, editable, className, onBusyChange }: IssueTaskListProps) {
  const client = useApolloClient();
  const refresh = useCallback(
    () => client.refetchQueries({ include: [IssuePageQueryDocument, WorkItemHierarchyQueryDocument] }),
    [client],
  );
  const target = useIssueTaskList(projectPath, issue, { editable, refresh, onBusyChange });
  return <DescriptionTaskList target={{ ...target, className }} />;
}

type EpicTaskListProps = {
  groupPath: string;
  epic: Parameters<typeof useEpicTaskList>[1];
  editable: boolean;
  className: string;
};

/** The epic page's description with task lists; a converted task becomes an issue of the epic. */
export function EpicTaskList({ groupPath, epic, editable, className }: EpicTaskListProps) {
  const client = useApolloClient();
  const refresh = useCallback(
    () => client.refetchQueries({ include: [EpicPageQueryDocument, EpicChildItemsQueryDocument] }),
    [client],
  );
  const target = useEpicTaskList(groupPath, epic, { editable, refresh });
  return <DescriptionTaskList target={{ ...target, className }} />;
}
