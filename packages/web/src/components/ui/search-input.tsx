import { useEffect, useState } from 'react';
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

/** A labelled search box that reports its text after a short pause. */
export function SearchInput({ label, value, onSearch, placeholder, delayMs = 300, className }: SearchInputProps) {
  const [text, setText] = useState(value);

  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text === value) return;
    const timer = window.setTimeout(() => onSearch(text), delayMs);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch, delayMs]);

  return (
    <SearchField
      className={[styles.field, className].filter(Boolean).join(' ')}
      value={text}
      onChange={setText}
      onSubmit={onSearch}
      onClear={() => onSearch('')}
    >
      <Label className="visually-hidden">{label}</Label>
      <Input className={styles.input} placeholder={placeholder ?? label} />
    </SearchField>
  );
}
