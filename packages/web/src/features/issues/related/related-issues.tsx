import { useQuery } from '@apollo/client/react';
import { RelatedIssuesPermissionsQueryDocument } from '../../../gql/graphql.ts';
import { issueLinksPath } from '../../issuables/linked-items/linked-items-api.ts';
import { LinkedItemsSection } from '../../issuables/linked-items/linked-items-section.tsx';
import { BlockingPopover } from './blocking-popover.tsx';

type RelatedIssuesProps = { projectPath: string; iid: string };

/**
 * The issue page's related issues (anchor `#related-issues`): the linked-items section shared with
 * the epic page, and, when open issues block this one, 'Blocked by N issues' with its popover.
 */
export function RelatedIssues({ projectPath, iid }: RelatedIssuesProps) {
  const permissions = useQuery(RelatedIssuesPermissionsQueryDocument, { variables: { fullPath: projectPath, iid } });
  const issue = permissions.data?.project?.issue;
  if (permissions.data && !issue) return null;
  return (
    <LinkedItemsSection
      type="issue"
      listPath={issueLinksPath(projectPath, iid)}
      enabled={Boolean(issue)}
      canAdmin={issue?.userPermissions.adminIssueLink ?? false}
      anchorId="related-issues"
      renderHeaderExtra={(items) => {
        const open = items.filter((i) => i.link_type === 'is_blocked_by' && i.state === 'opened').length;
        return open > 0 ? <BlockingPopover projectPath={projectPath} iid={iid} blockedByCount={open} /> : null;
      }}
    />
  );
}
