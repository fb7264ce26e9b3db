import { useCallback, useEffect, useState } from 'react';
import {
  addRelatedEpics,
  FETCH_FAILED,
  fetchRelatedEpics,
  LinkedItemsError,
  type LinkType,
  type RelatedEpicItem,
  removeRelatedEpic,
} from './linked-items-api.ts';

/**
 * The epic's related epics, fetched fresh for the page (as the child-items tree does, decision
 * 0009) once `enabled` (the epic is known to be readable); add and remove answer the new list,
 * which replaces the old one.
 */
export function useRelatedEpics(groupFullPath: string, iid: string, enabled: boolean) {
  const [items, setItems] = useState<RelatedEpicItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setItems(null);
    setError(null);
    fetchRelatedEpics(groupFullPath, iid).then(
      (list) => current && setItems(list),
      (failure: unknown) => current && setError(failure instanceof LinkedItemsError ? failure.message : FETCH_FAILED),
    );
    return () => {
      current = false;
    };
  }, [groupFullPath, iid, enabled]);

  const add = useCallback(
    async (references: readonly string[], linkType: LinkType) => {
      setItems(await addRelatedEpics(groupFullPath, iid, references, linkType));
    },
    [groupFullPath, iid],
  );

  const remove = useCallback(async (relationPath: string) => {
    setItems(await removeRelatedEpic(relationPath));
  }, []);

  return { items, error, add, remove };
}
