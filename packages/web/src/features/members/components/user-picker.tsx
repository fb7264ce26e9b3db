import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ComboBoxField } from '../../../components/ui/combo-box-field.tsx';
import { UserSearchQueryDocument } from '../../../gql/graphql.ts';
import { nodesOf } from '../../../lib/paging.ts';

export type PickedUser = { id: string; username: string; name: string };

type UserPickerProps = { value: PickedUser | null; onChange: (user: PickedUser | null) => void };

/** Finds a user by name, username or email as you type (`users(search:)`). */
export function UserPicker({ value, onChange }: UserPickerProps) {
  const [text, setText] = useState('');
  const search = text.trim();
  const { data, loading } = useQuery(UserSearchQueryDocument, {
    variables: { search, first: 10 },
    skip: search.length === 0 || (value !== null && text === value.name),
  });
  const users = nodesOf(data?.users);
  const options = users.map((user) => ({
    id: user.id,
    label: user.name,
    description: `@${user.username}`,
    leading: <Avatar name={user.name} src={user.avatarUrl} seed={user.id} size="s" />,
  }));
  if (value && !options.some((option) => option.id === value.id)) {
    options.unshift({
      id: value.id,
      label: value.name,
      description: `@${value.username}`,
      leading: <Avatar name={value.name} seed={value.id} size="s" />,
    });
  }

  const handleInput = (next: string) => {
    setText(next);
    if (value && next !== value.name) onChange(null);
  };

  return (
    <ComboBoxField
      label="Username, name or email"
      options={search ? options : []}
      inputValue={text}
      onInputChange={handleInput}
      selectedId={value?.id ?? null}
      onSelect={(option) => {
        const user = option ? (users.find((u) => u.id === option.id) ?? value) : null;
        onChange(user ?? null);
        if (user) setText(user.name);
      }}
      placeholder="Search for a user"
      loading={loading}
      isRequired
    />
  );
}
