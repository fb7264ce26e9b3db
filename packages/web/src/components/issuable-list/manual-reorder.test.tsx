import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AlertsArea } from '../../app/alerts/alerts-area.tsx';
import { AlertsProvider } from '../../app/alerts/alerts-context.tsx';
import { DragHandle, useManualReorder } from './manual-reorder.tsx';

const ROWS = ['One', 'Two', 'Three', 'Four'].map((title, i) => ({
  id: `gid://gitlab/Issue/${i + 1}`,
  webPath: `/acme/web/-/issues/${i + 1}`,
  title,
}));

function List({ onReordered }: { onReordered: () => Promise<unknown> }) {
  const { handleKeyDown, rowProps } = useManualReorder({
    rows: ROWS,
    enabled: true,
    errorMessage: 'An error occurred while reordering issues.',
    onReordered,
  });
  return (
    <ul aria-label="Issues" onKeyDown={handleKeyDown}>
      {ROWS.map((row, index) => {
        const props = rowProps(index);
        return (
          <li key={row.id} {...props}>
            {props.draggable && <DragHandle />}
            <a href={row.webPath} data-row-focus="">
              {row.title}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function renderList() {
  const onReordered = vi.fn(async () => undefined);
  render(
    <MemoryRouter>
      <AlertsProvider>
        <AlertsArea />
        <List onReordered={onReordered} />
      </AlertsProvider>
    </MemoryRouter>,
  );
  return { onReordered };
}

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('li') as HTMLLIElement;
const gripOf = (title: string) => rowOf(title).querySelector('[data-drag-handle]') as HTMLElement;

/** A finger (or pen) from the grip of `from` onto the row `to`: jsdom lays nothing out, so the row under the finger is given. */
function touchDrag(from: string, to: string, pointerType = 'touch') {
  const under = vi.spyOn(document, 'elementFromPoint').mockReturnValue(rowOf(to).querySelector('a'));
  const at = { pointerId: 7, pointerType, clientX: 20, clientY: 300 };
  fireEvent.pointerDown(gripOf(from), at);
  fireEvent.pointerMove(gripOf(from), at);
  fireEvent.pointerUp(gripOf(from), at);
  under.mockRestore();
}

function reorderRequests(fetchSpy: { mock: { calls: unknown[][] } }) {
  return fetchSpy.mock.calls
    .filter(([input]) => String(input).endsWith('/reorder'))
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String((init as RequestInit).body)) }));
}

describe('useManualReorder on touch screens', () => {
  // jsdom lays nothing out and has no elementFromPoint: each test says which row is under the finger.
  beforeAll(() => {
    document.elementFromPoint ??= () => null;
  });
  afterEach(() => vi.restoreAllMocks());

  it('moves a row dragged by its grip with a finger onto another row (PUT …/reorder with its new neighbours) and reads the page again', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const { onReordered } = renderList();
    touchDrag('Four', 'Two');
    await waitFor(() => expect(onReordered).toHaveBeenCalledTimes(1));
    expect(reorderRequests(fetchSpy)).toEqual([
      { url: '/acme/web/-/issues/4/reorder', body: { move_before_id: 1, move_after_id: 2 } },
    ]);
  });

  it('marks the lifted row and the row it would land on while the finger moves', () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }));
    renderList();
    const under = vi.spyOn(document, 'elementFromPoint').mockReturnValue(rowOf('Three'));
    const at = { pointerId: 3, pointerType: 'pen', clientX: 20, clientY: 300 };
    fireEvent.pointerDown(gripOf('One'), at);
    fireEvent.pointerMove(gripOf('One'), at);
    expect(rowOf('One').className).toMatch(/dragging/);
    expect(rowOf('Three').className).toMatch(/dropTarget/);
    fireEvent.pointerCancel(gripOf('One'), at);
    under.mockRestore();
    expect(rowOf('One').className).not.toMatch(/dragging/);
    expect(rowOf('Three').className).not.toMatch(/dropTarget/);
  });

  it('leaves a touch outside the grip to the page (scrolling), a drop on the same row and the mouse (HTML drag and drop) alone', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }));
    const { onReordered } = renderList();
    const under = vi.spyOn(document, 'elementFromPoint').mockReturnValue(rowOf('Three'));
    const at = { pointerId: 1, pointerType: 'touch', clientX: 20, clientY: 300 };
    fireEvent.pointerDown(screen.getByRole('link', { name: 'One' }), at);
    fireEvent.pointerMove(screen.getByRole('link', { name: 'One' }), at);
    fireEvent.pointerUp(screen.getByRole('link', { name: 'One' }), at);
    under.mockRestore();
    touchDrag('Two', 'Two');
    touchDrag('One', 'Three', 'mouse');
    await act(async () => undefined);
    expect(reorderRequests(fetchSpy)).toEqual([]);
    expect(onReordered).not.toHaveBeenCalled();
  });

  it('says so when the move fails, and reads the page again', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 500 }));
    const { onReordered } = renderList();
    touchDrag('One', 'Three');
    expect(await screen.findByText('An error occurred while reordering issues.')).toBeTruthy();
    expect(onReordered).toHaveBeenCalledTimes(1);
  });
});
