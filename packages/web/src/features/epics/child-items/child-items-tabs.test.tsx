import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChildItemsTabs } from './child-items-tabs.tsx';

/** How often React Aria's tab panels have rendered (each render walks the panel for a tabbable element). */
const panelRenders = vi.hoisted(() => ({ count: 0 }));

vi.mock('react-aria-components', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-aria-components')>();
  const { TabPanel } = actual;
  return {
    ...actual,
    TabPanel: (props: Parameters<typeof TabPanel>[0]) => {
      panelRenders.count++;
      return <TabPanel {...props} />;
    },
  };
});
// The roadmap has its own tests; here its tab shows a stand-in.
vi.mock('./lazy-roadmap.tsx', () => ({
  LazyRoadmap: ({ epicIid }: { epicIid: string }) => <p>Roadmap of &amp;{epicIid}</p>,
}));

/** The tabs under a panel whose tree grows by one row per press of 'Add a row'. */
function GrowingTree() {
  const [rows, setRows] = useState(1);
  return (
    <>
      <button type="button" onClick={() => setRows((n) => n + 1)}>
        Add a row
      </button>
      <ChildItemsTabs
        groupFullPath="acme"
        iid="1"
        tree={
          <ul aria-label="Rows">
            {Array.from({ length: rows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are numbered, nothing else
              <li key={i}>Row {i + 1}</li>
            ))}
          </ul>
        }
      />
    </>
  );
}

describe('ChildItemsTabs', () => {
  it('shows the tree in the Tree view panel, labelled by its tab, and the roadmap in the other', async () => {
    const user = userEvent.setup();
    render(<GrowingTree />);
    const panel = screen.getByRole('tabpanel', { name: 'Tree view' });
    expect(panel.textContent).toBe('Row 1');
    expect(screen.getByRole('tab', { name: 'Tree view' }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('tab', { name: 'Roadmap view' }));
    expect(screen.getByRole('tabpanel', { name: 'Roadmap view' }).textContent).toBe('Roadmap of &1');
    expect(screen.queryByText('Row 1')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Tree view' }));
    expect(screen.getByRole('tabpanel', { name: 'Tree view' }).textContent).toBe('Row 1');
  });

  it('draws a changed tree without drawing the tabs and their panels again', async () => {
    const user = userEvent.setup();
    render(<GrowingTree />);
    expect(screen.getByRole('tabpanel', { name: 'Tree view' }).textContent).toBe('Row 1');
    const afterMount = panelRenders.count;

    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Add a row' }));

    expect(screen.getByRole('tabpanel', { name: 'Tree view' }).textContent).toBe('Row 1Row 2Row 3Row 4');
    expect(panelRenders.count).toBe(afterMount);
  });
});
