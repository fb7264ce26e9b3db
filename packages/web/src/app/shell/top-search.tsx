import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useShortcut } from '../../components/shortcuts/use-shortcut.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { routes } from '../../lib/routes.ts';
import styles from './top-search.module.css';

/** Searches groups: submitting opens the groups dashboard filtered by the text. */
export function TopSearch() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const current = pathname === routes.dashboardGroups() ? (new URLSearchParams(search).get('search') ?? '') : '';
  const [value, setValue] = useState(current);
  const inputRef = useRef<HTMLInputElement>(null);
  useShortcut('focusSearch', () => {
    inputRef.current?.focus();
    inputRef.current?.select();
  });

  useEffect(() => setValue(current), [current]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(routes.dashboardGroups(value.trim() || undefined));
  };

  return (
    <search className={styles.form}>
      <form onSubmit={handleSubmit}>
        <label htmlFor="top-search" className="visually-hidden">
          Search groups
        </label>
        <Icon name="search" className={styles.icon} />
        <input
          id="top-search"
          ref={inputRef}
          className={styles.input}
          type="search"
          placeholder="Search groups"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="off"
        />
      </form>
    </search>
  );
}
