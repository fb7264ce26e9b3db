import { useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { Dialog, Heading, Link, Popover } from 'react-aria-components';
import { Icon } from '../../../components/ui/icon.tsx';
import { RoadmapBlockingEpicsQueryDocument } from '../../../gql/graphql.ts';
import styles from '../roadmap.module.css';
import type { RoadmapEpic } from '../utils/roadmap-rows.ts';

/** The epics blocking `epic`, fetched when the popover opens. */
function BlockingEpicsList({ epic }: { epic: Pick<RoadmapEpic, 'iid' | 'group'> }) {
  const { data, error, loading } = useQuery(RoadmapBlockingEpicsQueryDocument, {
    variables: { fullPath: epic.group.fullPath, iid: epic.iid },
  });
  if (loading && !data) return <p className={styles.popoverMeta}>Loading…</p>;
  if (error) return <p className={styles.popoverError}>There was a problem fetching epics.</p>;
  const nodes = data?.group?.epic?.blockedByEpics?.nodes ?? [];
  if (nodes.length === 0) return <p className={styles.popoverMeta}>No blocking epics you can see.</p>;
  return (
    <ul className={styles.blockingList}>
      {nodes.map((blocking) => (
        <li key={blocking.id}>
          <Link href={blocking.webPath}>{blocking.title}</Link>{' '}
          <span className={styles.popoverMeta}>{blocking.reference}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The blocked icon beside a blocked epic's title; pressing it lists the epics blocking it. The
 * popover is only mounted while open, so blocked rows cost no more than others.
 */
export function BlockedEpicIcon({ epic }: { epic: Pick<RoadmapEpic, 'iid' | 'group' | 'title'> }) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={styles.blockedButton}
        aria-label={`${epic.title ?? 'This epic'} is blocked`}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Icon name="blocked" size={14} />
      </button>
      {open && (
        <Popover
          triggerRef={triggerRef}
          isOpen
          onOpenChange={setOpen}
          className={styles.popoverCard}
          placement="bottom start"
          offset={4}
        >
          <Dialog className={styles.popoverDialog}>
            <Heading slot="title" className={styles.popoverTitle}>
              Blocked by
            </Heading>
            <BlockingEpicsList epic={epic} />
          </Dialog>
        </Popover>
      )}
    </>
  );
}
