import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SortControl, type SortField } from './sort-control.tsx';

type Sort = 'created_asc' | 'created_desc' | 'title_asc' | 'title_desc' | 'manual';

const FIELDS: readonly SortField<Sort>[] = [
  { text: 'Created date', ascending: 'created_asc', descending: 'created_desc' },
  { text: 'Title', ascending: 'title_asc', descending: 'title_desc' },
  { text: 'Manual', ascending: 'manual', descending: 'manual' },
];

/**
 * A parent that has not rendered the asked-for sort yet (the lists' URL updates render in a
 * transition): `value` stays what it was while the presses are made.
 */
function renderControl(value: Sort) {
  const onChange = vi.fn<(value: Sort) => void>();
  const view = render(<SortControl fields={FIELDS} value={value} onChange={onChange} />);
  const rerender = (next: Sort) => view.rerender(<SortControl fields={FIELDS} value={next} onChange={onChange} />);
  return { onChange, rerender };
}

describe('SortControl', () => {
  it('toggles each press from the direction last asked for: two presses before a render end where they began', async () => {
    const user = userEvent.setup();
    const { onChange, rerender } = renderControl('created_asc');
    const direction = screen.getByRole('button', { name: 'Sort direction: ascending' });
    await user.click(direction);
    await user.click(direction);
    expect(onChange.mock.calls.map(([sort]) => sort)).toEqual(['created_desc', 'created_asc']);

    // The parent renders the last sort asked for; the next press starts from it.
    rerender('created_asc');
    await user.click(screen.getByRole('button', { name: 'Sort direction: ascending' }));
    expect(onChange.mock.calls.at(-1)).toEqual(['created_desc']);
  });

  it('starts from a sort the parent renders in between (the URL changed elsewhere)', async () => {
    const user = userEvent.setup();
    const { onChange, rerender } = renderControl('created_asc');
    rerender('title_desc');
    await user.click(screen.getByRole('button', { name: 'Sort direction: descending' }));
    expect(onChange.mock.calls).toEqual([['title_asc']]);
  });

  it('gives a field chosen after a press the direction last asked for', async () => {
    const user = userEvent.setup();
    const { onChange } = renderControl('created_asc');
    await user.click(screen.getByRole('button', { name: 'Sort direction: ascending' }));
    await user.click(screen.getByRole('button', { name: /Created date/ }));
    await user.click(await screen.findByRole('option', { name: 'Title' }));
    expect(onChange.mock.calls).toEqual([['created_desc'], ['title_desc']]);
  });

  it('keeps a field without a direction disabled', () => {
    renderControl('manual');
    expect(screen.getByRole('button', { name: 'Sort direction: ascending' }).hasAttribute('disabled')).toBe(true);
  });
});
