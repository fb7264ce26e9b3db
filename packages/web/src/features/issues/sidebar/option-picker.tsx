import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ComboBoxField, type ComboOption } from '../../../components/ui/combo-box-field.tsx';
import { IssueSidebarOptionsQueryDocument } from '../../../gql/graphql.ts';

export type OptionKind = 'users' | 'milestones' | 'epics';

type OptionPickerProps = {
  kind: OptionKind;
  label: string;
  projectPath: string;
  groupPath: string;
  onPick: (option: ComboOption) => void;
  placeholder?: string;
};

/** Searches project members, open milestones or the group's epics as you type; picking calls `onPick`. */
export function OptionPicker({ kind, label, projectPath, groupPath, onPick, placeholder }: OptionPickerProps) {
  const [search, setSearch] = useState('');
  const { data, loading, error } = useQuery(IssueSidebarOptionsQueryDocument, {
    variables: {
      fullPath: projectPath,
      groupPath,
      search: search.trim() || null,
      withUsers: kind === 'users',
      withMilestones: kind === 'milestones',
      withEpics: kind === 'epics',
    },
  });
  const options: ComboOption[] =
    kind === 'users'
      ? (data?.project?.autocompleteUsers ?? []).map((u) => ({
          id: u.id,
          label: u.name,
          description: `@${u.username}`,
        }))
      : kind === 'milestones'
        ? (data?.project?.milestones?.nodes ?? []).flatMap((m) => (m ? [{ id: m.id, label: m.title }] : []))
        : (data?.group?.epics?.nodes ?? []).flatMap((e) =>
            e ? [{ id: e.id, label: e.title ?? `&${e.iid}`, description: e.reference }] : [],
          );
  return (
    <ComboBoxField
      label={label}
      options={options}
      inputValue={search}
      onInputChange={setSearch}
      selectedId={null}
      onSelect={(option) => option && onPick(option)}
      placeholder={placeholder ?? 'Search'}
      loading={loading}
      description={error ? 'An error occurred fetching the dropdown data.' : undefined}
    />
  );
}
