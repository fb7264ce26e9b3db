import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useState } from 'react';
import { ComboBoxField } from '../../components/ui/combo-box-field.tsx';
import {
  TodoFilterAuthorsQueryDocument,
  TodoFilterGroupsQueryDocument,
  TodoFilterProjectsQueryDocument,
} from '../../gql/graphql.ts';
import { useDebounced } from '../epics/child-items/use-debounced.ts';
import { frequentFirst } from '../frequent-items/frequent-first.ts';

export type EntityKind = 'group' | 'project' | 'author';

type TodoEntityFilterProps = {
  kind: EntityKind;
  label: string;
  /** The numeric id in the URL, or null. */
  selectedId: string | null;
  /** What the selected one is called, when the page knows it (from its rows). */
  selectedLabel: string | null;
  onChange: (id: string | null) => void;
  className?: string;
};

/** `gid://gitlab/Group/5` → `5`. */
const numeric = (gid: string) => /\/(\d+)$/.exec(gid)?.[1] ?? gid;

/**
 * One of the list's group, project and author filters: type to search, pick one; clearing the text
 * removes the filter. Groups and projects offer the viewer's frequently visited ones first.
 */
export function TodoEntityFilter({
  kind,
  label,
  selectedId,
  selectedLabel,
  onChange,
  className,
}: TodoEntityFilterProps) {
  const [input, setInput] = useState(selectedLabel ?? '');
  useEffect(() => {
    if (selectedLabel !== null) setInput(selectedLabel);
    else if (selectedId === null) setInput('');
  }, [selectedId, selectedLabel]);
  const search = useDebounced(input.trim());
  const term = selectedId !== null && input === selectedLabel ? '' : search;
  const variables = { search: term || undefined };
  const groups = useQuery(TodoFilterGroupsQueryDocument, { variables, skip: kind !== 'group' });
  const projects = useQuery(TodoFilterProjectsQueryDocument, { variables, skip: kind !== 'project' });
  const authors = useQuery(TodoFilterAuthorsQueryDocument, { variables, skip: kind !== 'author' });

  const options = useMemo(() => {
    if (kind === 'group') {
      const item = (g: { id: string; fullName: string; fullPath: string }) => ({
        id: numeric(g.id),
        label: g.fullName,
        path: g.fullPath,
      });
      return frequentFirst(
        (groups.data?.frecentGroups ?? []).map(item),
        (groups.data?.groups.nodes ?? []).flatMap((g) => (g ? [item(g)] : [])),
        term,
      );
    }
    if (kind === 'project') {
      const item = (p: { id: string; nameWithNamespace: string; fullPath: string }) => ({
        id: numeric(p.id),
        label: p.nameWithNamespace,
        path: p.fullPath,
      });
      return frequentFirst(
        (projects.data?.frecentProjects ?? []).map(item),
        (projects.data?.projects.nodes ?? []).flatMap((p) => (p ? [item(p)] : [])),
        term,
      );
    }
    return (authors.data?.users.nodes ?? []).flatMap((u) =>
      u ? [{ id: numeric(u.id), label: u.name, description: `@${u.username}` }] : [],
    );
  }, [kind, groups.data, projects.data, authors.data, term]);

  return (
    <ComboBoxField
      label={label}
      placeholder={`Any ${label.toLowerCase()}`}
      options={options}
      inputValue={input}
      onInputChange={(value) => {
        setInput(value);
        if (value.trim() === '' && selectedId !== null) onChange(null);
      }}
      selectedId={selectedId}
      onSelect={(option) => {
        if (!option) return;
        setInput(option.label);
        onChange(option.id);
      }}
      loading={groups.loading || projects.loading || authors.loading}
      className={className}
    />
  );
}
