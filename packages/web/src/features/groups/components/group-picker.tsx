import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ComboBoxField } from '../../../components/ui/combo-box-field.tsx';
import { GroupSearchQueryDocument } from '../../../gql/graphql.ts';
import { nodesOf } from '../../../lib/paging.ts';

export type PickedGroup = { id: string; fullPath: string; fullName: string };

type GroupPickerProps = {
  label: string;
  description?: string;
  value: PickedGroup | null;
  onChange: (group: PickedGroup | null) => void;
  isRequired?: boolean;
};

/** Finds a group by name or path (`groups(search:)`), among the groups the viewer can see. */
export function GroupPicker({ label, description, value, onChange, isRequired }: GroupPickerProps) {
  const [text, setText] = useState(value?.fullName ?? '');
  const search = text === value?.fullName ? '' : text.trim();
  const { data, loading } = useQuery(GroupSearchQueryDocument, { variables: { search: search || null, first: 20 } });
  const groups = nodesOf(data?.groups);
  const options = groups.map((group) => ({ id: group.id, label: group.fullName, description: group.fullPath }));
  if (value && !options.some((option) => option.id === value.id)) {
    options.unshift({ id: value.id, label: value.fullName, description: value.fullPath });
  }

  const handleInput = (next: string) => {
    setText(next);
    if (value && next !== value.fullName) onChange(null);
  };

  return (
    <ComboBoxField
      label={label}
      description={description}
      options={options}
      inputValue={text}
      onInputChange={handleInput}
      selectedId={value?.id ?? null}
      onSelect={(option) => {
        const group = option && (groups.find((g) => g.id === option.id) ?? value);
        onChange(group ?? null);
        if (group) setText(group.fullName);
      }}
      placeholder="Search for a group"
      loading={loading}
      isRequired={isRequired}
    />
  );
}
