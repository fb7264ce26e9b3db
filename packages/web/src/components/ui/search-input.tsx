import { useCallback, useEffect, useRef, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import styles from './field.module.css';

type SearchInputProps = {
  label: string;
  value: string;
  /** Called with the text after the user pauses typing (or presses Enter / clears). */
  onSearch: (value: string) => void;
  placeholder?: string;
  delayMs?: number;
  className?: string;
};

/**
 * A labelled search box that reports its text after a short pause. `value` (the URL's search, as a
 * rule) replaces the text only when it changes from outside (Back, a link): when it catches up with a
 * search sent from here, the user may have typed on since, and those keys are kept.
 */
export function SearchInput({ label, value, onSearch, placeholder, delayMs = 300, className }: SearchInputProps) {
  const [text, setText] = useState(value);
  // The last search sent from here, or the last value from outside.
  const sent = useRef(value);

  useEffect(() => {
    // Caught up (a page may trim what it was sent: a space typed before a pause stays).
    if (value === sent.current || value === sent.current.trim()) return;
    sent.current = value;
    setText(value);
  }, [value]);

  const search = useCallback(
    (next: string) => {
      sent.current = next;
      onSearch(next);
    },
    [onSearch],
  );

  useEffect(() => {
    if (text === sent.current) return;
    const timer = window.setTimeout(() => search(text), delayMs);
    return () => window.clearTimeout(timer);
  }, [text, search, delayMs]);

  return (
    <SearchField
      className={[styles.field, className].filter(Boolean).join(' ')}
      value={text}
      onChange={setText}
      onSubmit={search}
      onClear={() => search('')}
    >
      <Label className="visually-hidden">{label}</Label>
      <Input className={styles.input} placeholder={placeholder ?? label} />
    </SearchField>
  );
}
