import type { IssueSidebarFieldsFragment } from '../../../gql/graphql.ts';
import type { IssueSidebarInput } from './use-update-issue-sidebar.ts';

/** What every issue sidebar widget gets: the issue, whether it may change it, and the save call. */
export type IssueWidgetProps = {
  issue: IssueSidebarFieldsFragment;
  canEdit: boolean;
  save: (input: IssueSidebarInput, fallback: string) => Promise<boolean>;
};

/** Where the pickers search: the issue's project and its group. */
export type IssuePaths = { projectPath: string; groupPath: string };
