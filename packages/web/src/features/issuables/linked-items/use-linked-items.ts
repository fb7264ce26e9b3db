import { useCallback, useEffect, useState } from 'react';
import {
  addLinkedItems,
  fetchLinkedItems,
  type LinkedItem,
  LinkedItemsError,
  type LinkedItemType,
  type LinkType,
  linkedItemsMessages,
  removeLinkedItem,
} from './linked-items-api.ts';

/**
 * The linked items at `listPath`, fetched fresh for the page (decision 0009) once `enabled` (the
 * epic or issue is known to be readable); add and remove answer the new list, which replaces the old.
 */
export function useLinkedItems(listPath: string, type: LinkedItemType, enabled: boolean) {
  const [items, setItems] = useState<LinkedItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setItems(null);
    setError(null);
    fetchLinkedItems(listPath, type).then(
      (list) => current && setItems(list),
      (failure: unknown) =>
        current &&
        setError(failure instanceof LinkedItemsError ? failure.message : linkedItemsMessages(type).fetchFailed),
    );
    return () => {
      current = false;
    };
  }, [listPath, type, enabled]);

  const add = useCallback(
    async (references: readonly string[], linkType: LinkType) => {
      setItems(await addLinkedItems(listPath, type, references, linkType));
    },
    [listPath, type],
  );

  const remove = useCallback(
    async (relationPath: string) => {
      setItems(await removeLinkedItem(relationPath, type));
    },
    [type],
  );

  return { items, error, add, remove };
}
