import { type FocusEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useShortcut } from '../../components/shortcuts/use-shortcut.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { FrequentItemsMenu } from '../../features/frequent-items/frequent-items-menu.tsx';
import { useNamespaceContext } from '../../features/namespaces/use-namespace-context.ts';
import { searchPath, searchViewFromParams } from '../../features/search/search-url.ts';
import { useCurrentUser } from '../use-current-user.ts';
import styles from './top-search.module.css';

/** The number at the end of a global ID (`gid://gitlab/Group/5` → `5`), as GitLab's `group_id=` holds it. */
const numericId = (gid: string) => gid.split('/').pop() ?? '';

/**
 * The global search: submitting opens `/search` with the text — within the group or project on
 * screen (the results page offers 'Search everywhere'), or everywhere elsewhere.
 */
export function TopSearch() {
  const navigate = useNavigate();
  const context = useNamespaceContext();
  const { pathname, search } = useLocation();
  const current = pathname === '/search' ? searchViewFromParams(new URLSearchParams(search)).search : '';
  const [value, setValue] = useState(current);
  const inputRef = useRef<HTMLInputElement>(null);
  useShortcut('focusSearch', () => {
    inputRef.current?.focus();
    inputRef.current?.select();
  });

  useEffect(() => setValue(current), [current]);

  const place =
    context.kind === 'project'
      ? { projectId: numericId(context.project.id), name: context.project.name }
      : context.kind === 'group'
        ? { groupId: numericId(context.group.id), name: context.group.name }
        : null;
  const { currentUser } = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const showMenu = menuOpen && currentUser !== null && value.trim() === '';

  // The menu stays open while focus is anywhere inside the search (its links included).
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setMenuOpen(false);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && menuOpen) {
      event.stopPropagation();
      setMenuOpen(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) return;
    navigate(searchPath({ search: text, groupId: place?.groupId, projectId: place?.projectId }));
  };

  const label = place ? `Search in ${place.name}` : 'Search Milepost';
  return (
    <search className={styles.form} onFocus={() => setMenuOpen(true)} onBlur={handleBlur} onKeyDown={handleKeyDown}>
      <form onSubmit={handleSubmit}>
        <label htmlFor="top-search" className="visually-hidden">
          {label}
        </label>
        <Icon name="search" className={styles.icon} />
        <input
          id="top-search"
          ref={inputRef}
          className={styles.input}
          type="search"
          placeholder={place ? `Search in ${place.name}…` : 'Search…'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="off"
        />
      </form>
      {showMenu && <FrequentItemsMenu id={menuId} onNavigate={() => setMenuOpen(false)} />}
    </search>
  );
}
