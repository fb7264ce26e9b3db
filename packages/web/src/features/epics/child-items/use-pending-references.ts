import { type KeyboardEvent, useState } from 'react';
import { addReferences, looksLikeReference } from './tree-model.ts';

/**
 * The pending references of an add-by-reference form (child items, linked items): a space or a
 * paste of several references moves the finished ones into the list (blanks dropped, duplicates
 * once) — words that are no references stay in the input, to search with; Backspace in an empty
 * input takes the last one back out.
 */
export function usePendingReferences() {
  const [pending, setPending] = useState<string[]>([]);
  const [input, setInput] = useState('');
  const isEmpty = pending.length === 0 && input.trim() === '';

  const handleInputChange = (value: string) => {
    const parts = value.split(/\s+/);
    const last = parts.pop() ?? '';
    if (parts.length > 0 && parts.filter(Boolean).every(looksLikeReference)) {
      setPending((current) => addReferences(current, parts.join(' ')));
      setInput(last);
    } else {
      setInput(value);
    }
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Backspace' && input === '' && pending.length > 0) {
      setPending((current) => current.slice(0, -1));
    }
  };

  const remove = (reference: string) => setPending((current) => current.filter((r) => r !== reference));

  /** Everything to send: the list plus what is still in the input. */
  const all = () => addReferences(pending, input);

  return { pending, setPending, input, setInput, isEmpty, handleInputChange, handleKeyDown, remove, all };
}

/** What `usePendingReferences` gives a form (and its `ReferenceTokensField`). */
export type PendingReferences = ReturnType<typeof usePendingReferences>;
