import { useLazyQuery } from '@apollo/client/react';
import { blockingFetchError, blockingPopoverItems, truncateBlockerTitle } from '@milepost/shared';
import { useState } from 'react';
import { Dialog, DialogTrigger, Heading, Link, Popover } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { BlockingIssuesQueryDocument } from '../../../gql/graphql.ts';
import styles from './related-issues.module.css';

type BlockingPopoverProps = { projectPath: string; iid: string; blockedByCount: number };

/**
 * 'Blocked by N issues': a button that opens (press, Enter or Space) a popover listing
 * at most 3 open blockers, titles cut at 80 characters, then '+ N more' linking to the related
 * issues section (spec 002 §2.1, §9). The blockers are fetched on hover (as GitLab does) or when it opens.
 */
export function BlockingPopover({ projectPath, iid, blockedByCount }: BlockingPopoverProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [load, { data, error, loading }] = useLazyQuery(BlockingIssuesQueryDocument, { fetchPolicy: 'network-only' });
  const fetchBlockers = () => void load({ variables: { fullPath: projectPath, iid } });
  const open = (next: boolean) => {
    setIsOpen(next);
    if (next) fetchBlockers();
  };
  const issue = data?.project?.issue;
  const nodes = issue?.blockedByIssues?.nodes?.filter((n) => n !== null) ?? [];
  const total = issue?.blockedByCount ?? blockedByCount;
  const { shown, more } = blockingPopoverItems(nodes, total);
  const label = `Blocked by ${blockedByCount} ${blockedByCount === 1 ? 'issue' : 'issues'}`;

  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={open}>
      <Button variant="tertiary" compact className={styles.blockedButton} onHoverStart={fetchBlockers}>
        <Icon name="blocked" />
        <span>{label}</span>
      </Button>
      <Popover className={styles.popover} placement="bottom start">
        <Dialog className={styles.popoverDialog} aria-label={label}>
          <Heading slot="title" className={styles.popoverTitle}>
            {label}
          </Heading>
          {error ? (
            <p className={styles.popoverError}>{blockingFetchError('issue')}</p>
          ) : loading && !issue ? (
            <p className={styles.popoverMeta}>Loading…</p>
          ) : (
            <ul className={styles.blockers}>
              {shown.map((b) => (
                <li key={b.id}>
                  <span className={styles.popoverMeta}>{b.reference}</span>
                  <Link href={b.webPath} className={styles.blockerLink}>
                    {truncateBlockerTitle(b.title)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {more && issue && (
            <Link href={`${new URL(issue.webUrl).pathname}#related-issues`} className={styles.blockerLink}>
              {more}
            </Link>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
