import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../../app/alerts/alerts-context.tsx';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { conflictMessage, DescriptionTaskList, type TaskListTarget } from './description-task-list.tsx';

const SOURCE = '- [ ] Write\n- [x] Review\n- [ ] Ship';

/** The server's rendering of SOURCE (task-lists.ts): lists and items with their lines. */
const box = (label: string, checked: boolean) =>
  `<input type="checkbox" class="task-list-item-checkbox" disabled${checked ? ' checked' : ''} aria-label="${label}" />`;
const HTML = `<ul data-sourcepos="1:1-3:10" class="task-list">
<li data-sourcepos="1:1-1:11" class="task-list-item">${box('Write', false)} Write</li>
<li data-sourcepos="2:1-2:12" class="task-list-item">${box('Review', true)} Review</li>
<li data-sourcepos="3:1-3:10" class="task-list-item">${box('Ship', false)} Ship</li>
</ul>`;

function Alerts() {
  const { alerts } = useAlerts();
  return (
    <ul aria-label="Alerts">
      {alerts.map((a) => (
        <li key={a.id}>{a.message}</li>
      ))}
    </ul>
  );
}

function setUp(overrides: Partial<TaskListTarget> = {}) {
  const target: TaskListTarget = {
    issuableType: 'issue',
    html: HTML,
    source: SOURCE,
    lockVersion: 4,
    editable: true,
    toggleTask: vi.fn(async () => undefined),
    save: vi.fn(async (_text: string, lockVersion: number) => ({ lockVersion: lockVersion + 1 })),
    refresh: vi.fn(async () => undefined),
    ...overrides,
  };
  render(
    <AlertsProvider>
      <ToastProvider>
        <Alerts />
        <DescriptionTaskList target={target} />
      </ToastProvider>
    </AlertsProvider>,
  );
  return target;
}

describe('DescriptionTaskList', () => {
  it('enables the checkboxes of an editor and saves a toggle by its line', async () => {
    const target = setUp();
    const write = screen.getByRole('checkbox', { name: 'Write' });
    expect((write as HTMLInputElement).disabled).toBe(false);
    await userEvent.click(write);
    await waitFor(() => expect(target.refresh).toHaveBeenCalled());
    expect(target.toggleTask).toHaveBeenCalledWith({ lineNumber: 1, lineSource: '- [ ] Write', checked: true });
  });

  it('answers a conflict with the spec message, re-reads, and shows the saved state again', async () => {
    const target = setUp({
      toggleTask: vi.fn(async () => {
        throw Object.assign(new Error('stale'), { status: 409 });
      }),
    });
    const ship = screen.getByRole('checkbox', { name: 'Ship' }) as HTMLInputElement;
    await userEvent.click(ship);
    expect(await screen.findByText(conflictMessage('issue'))).toBeTruthy();
    expect(target.refresh).toHaveBeenCalled();
    await waitFor(() => expect(ship.checked).toBe(false));
  });

  it('converts a task into a child item and undoes it', async () => {
    const remove = vi.fn(async () => undefined);
    const create = vi.fn(async () => ({ remove }));
    const target = setUp({ convert: { childType: 'task', create } });
    const [, reviewActions] = screen.getAllByRole('button', { name: 'Task actions' });
    await userEvent.click(reviewActions as HTMLElement);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Convert to child item' }));
    await screen.findByText('Converted to task');
    expect(target.save).toHaveBeenCalledWith('- [ ] Write\n- [ ] Ship', 4);
    expect(create).toHaveBeenCalledWith({ title: 'Review', description: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByText('Task reverted');
    expect(target.save).toHaveBeenLastCalledWith(SOURCE, 5);
    expect(remove).toHaveBeenCalled();
  });

  it('moves an item down from its menu (the keyboard way to reorder)', async () => {
    const target = setUp();
    const [first] = screen.getAllByRole('button', { name: 'Task actions' });
    await userEvent.click(first as HTMLElement);
    expect(screen.queryByRole('menuitem', { name: 'Move up' })).toBeNull();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    await waitFor(() => expect(target.save).toHaveBeenCalledWith('- [x] Review\n- [ ] Write\n- [ ] Ship', 4));
  });

  it('drags an item with a finger on its handle (touch screens fire no HTML drag events)', async () => {
    const target = setUp();
    const items = [...document.querySelectorAll<HTMLLIElement>('li[data-sourcepos]')];
    const handle = items[0]?.querySelector('[draggable="true"]') as HTMLElement;
    const last = items[2] as HTMLLIElement;
    // jsdom lays nothing out: the finger is over the last item.
    const before = document.elementFromPoint;
    document.elementFromPoint = () => last;
    fireEvent.pointerDown(handle, { pointerType: 'touch', pointerId: 1, clientX: 5, clientY: 5 });
    fireEvent.pointerMove(handle, { pointerType: 'touch', pointerId: 1, clientX: 5, clientY: 60 });
    expect(last.className).toMatch(/dropTarget/);
    fireEvent.pointerUp(handle, { pointerType: 'touch', pointerId: 1, clientX: 5, clientY: 60 });
    await waitFor(() => expect(target.save).toHaveBeenCalledWith('- [x] Review\n- [ ] Ship\n- [ ] Write', 4));
    expect(last.className).not.toMatch(/dropTarget/);
    // A mouse keeps HTML drag and drop: its pointer events start nothing.
    fireEvent.pointerDown(handle, { pointerType: 'mouse', pointerId: 2 });
    fireEvent.pointerUp(handle, { pointerType: 'mouse', pointerId: 2 });
    expect(target.save).toHaveBeenCalledTimes(1);
    document.elementFromPoint = before;
  });

  it('puts the line back when the child cannot be created', async () => {
    const create = vi.fn(async () => {
      throw new Error('nope');
    });
    const target = setUp({ convert: { childType: 'task', create } });
    const [first] = screen.getAllByRole('button', { name: 'Task actions' });
    await userEvent.click(first as HTMLElement);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Convert to child item' }));
    expect(await screen.findByText('Something went wrong when creating task. Please try again.')).toBeTruthy();
    expect(target.save).toHaveBeenLastCalledWith(SOURCE, 5);
  });

  it('shows the HTML as it is to a reader: no enabled boxes, handles or menus', () => {
    setUp({ editable: false });
    expect((screen.getByRole('checkbox', { name: 'Write' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryAllByRole('button', { name: 'Task actions' })).toHaveLength(0);
    expect(document.querySelectorAll('[draggable="true"]')).toHaveLength(0);
  });
});
