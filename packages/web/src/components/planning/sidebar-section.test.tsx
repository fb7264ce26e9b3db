import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SidebarSection } from './sidebar-section.tsx';

/** A section whose form closes when its 'Done' is pressed, or from outside (a save that ends late). */
function Section({ title, closeFromOutside }: { title: string; closeFromOutside?: boolean }) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <>
      <SidebarSection title={title} name={title} canEdit isEditing={isEditing} onEdit={() => setIsEditing(true)}>
        {isEditing ? (
          <button type="button" onClick={() => setIsEditing(false)}>
            Done {title}
          </button>
        ) : (
          <span>None</span>
        )}
      </SidebarSection>
      {closeFromOutside && (
        <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => setIsEditing(false)}>
          Finish {title} late
        </button>
      )}
    </>
  );
}

describe('SidebarSection', () => {
  it('gives focus back to Edit when its form closes', async () => {
    const user = userEvent.setup();
    render(<Section title="Weight" />);
    await user.click(screen.getByRole('button', { name: 'Edit weight' }));
    await user.click(screen.getByRole('button', { name: 'Done Weight' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit weight' }));
  });

  it('leaves focus where the user went when a form closes after they moved on', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Section title="Health" closeFromOutside />
        <input aria-label="Elsewhere" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Edit health' }));
    await user.click(screen.getByRole('textbox', { name: 'Elsewhere' }));
    // The late save ends while focus is in the other field (the button does not take focus).
    await user.click(screen.getByRole('button', { name: 'Finish Health late' }));
    expect(screen.getByRole('button', { name: 'Edit health' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Elsewhere' }));
  });
});
