import type { ReactNode } from 'react';
import { PageHeader } from '../../../app/shell/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/item-list.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import type { Crumb } from '../../../lib/namespace-breadcrumbs.ts';
import styles from '../members-page.module.css';
import { AddMemberForm } from './add-member-form.tsx';
import { type MemberRowData, MembersTable } from './members-table.tsx';

type MembersPageViewProps = {
  kind: 'group' | 'project';
  name: string;
  breadcrumbs: Crumb[];
  members: MemberRowData[] | null;
  count: number | undefined;
  canAdmin: boolean;
  search: string;
  onSearch: (value: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onAdd: (userId: string, accessLevel: string) => Promise<string[]>;
  onChangeRole: (member: MemberRowData, accessLevel: string) => void;
  onRemove: (member: MemberRowData) => Promise<void>;
  notice?: ReactNode;
};

/** The members page of a group or project: add form for Owners, search, and the table. */
export function MembersPageView(props: MembersPageViewProps) {
  const { kind, name, members, count, canAdmin, search } = props;
  return (
    <>
      <PageHeader breadcrumbs={props.breadcrumbs} title={kind === 'group' ? 'Group members' : 'Project members'} />
      {canAdmin && (
        <section className={styles.panel} aria-labelledby="add-member-heading">
          <h2 id="add-member-heading" className={styles.panelTitle}>
            Add members to {name}
          </h2>
          <AddMemberForm kind={kind} onAdd={props.onAdd} />
        </section>
      )}
      <div className={styles.toolbar}>
        <SearchInput
          label="Filter members"
          value={search}
          onSearch={props.onSearch}
          placeholder="Filter members"
          className={styles.search}
        />
        {count !== undefined && (
          <span className={styles.count}>
            {count} {count === 1 ? 'member' : 'members'}
          </span>
        )}
      </div>
      {members === null ? (
        <SkeletonList rows={4} label="Loading members" />
      ) : members.length === 0 ? (
        <EmptyState
          icon="users"
          title={search ? 'No members match your search' : 'No members yet'}
          description={search ? 'Edit your search and try again.' : `Nobody has been added to ${name} yet.`}
        />
      ) : (
        <>
          <MembersTable
            members={members}
            canAdmin={canAdmin}
            sourceName={name}
            onChangeRole={props.onChangeRole}
            onRemove={props.onRemove}
          />
          <LoadMore hasMore={props.hasMore} loading={props.loadingMore} onLoadMore={props.onLoadMore} />
        </>
      )}
    </>
  );
}
