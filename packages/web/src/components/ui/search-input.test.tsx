import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from './search-input.tsx';

/**
 * A page whose search lives in its URL: the value it gives back changes only when the page applies
 * the search (`apply`), as a navigation in a transition does, some time after `onSearch`.
 */
function Page({ onSearch }: { onSearch: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchInput label="Search" value={value} onSearch={onSearch} />
      <button type="button" onClick={() => setValue(pending.at(-1) ?? '')}>
        apply
      </button>
      <button type="button" onClick={() => setValue('from a link')}>
        link
      </button>
    </>
  );
}

let pending: string[] = [];
const box = () => screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const click = (name: string) => act(() => screen.getByRole('button', { name }).click());
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** The page with fake timers; `apply` gives back what was sent (trimmed, for a page that trims). */
function renderPage({ trim = false } = {}) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const onSearch = vi.fn((value: string) => pending.push(trim ? value.trim() : value));
  render(<Page onSearch={onSearch} />);
  return onSearch;
}

afterEach(() => {
  vi.useRealTimers();
  pending = [];
});

describe('SearchInput', () => {
  it('sends the text after a 300 ms pause, once', () => {
    const onSearch = renderPage();
    type('ro');
    wait(200);
    type('road');
    wait(299);
    expect(onSearch).not.toHaveBeenCalled();
    wait(1);
    expect(onSearch.mock.calls).toEqual([['road']]);
    click('apply');
    wait(1000);
    expect(onSearch.mock.calls).toEqual([['road']]);
    expect(box().value).toBe('road');
  });

  it('keeps the keys typed while the page was applying the last search', () => {
    const onSearch = renderPage();
    type('road');
    wait(300);
    expect(onSearch.mock.calls).toEqual([['road']]);
    // The user types on before the page has applied 'road'; then it does.
    type('roadmap');
    click('apply');
    expect(box().value).toBe('roadmap');
    wait(300);
    expect(onSearch.mock.calls).toEqual([['road'], ['roadmap']]);
  });

  it('keeps a space typed before a pause when the page applies the search trimmed', () => {
    const onSearch = renderPage({ trim: true });
    type('road ');
    wait(300);
    click('apply');
    expect(box().value).toBe('road ');
    type('road map');
    wait(300);
    expect(onSearch.mock.calls).toEqual([['road '], ['road map']]);
  });

  it('shows a search that comes from outside (Back, a link)', () => {
    const onSearch = renderPage();
    type('road');
    wait(300);
    click('apply');
    click('link');
    expect(box().value).toBe('from a link');
    wait(1000);
    expect(onSearch.mock.calls).toEqual([['road']]);
  });
});
