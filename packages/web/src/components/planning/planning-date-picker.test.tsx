import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlanningDatePicker, type PlanningDatePickerProps } from './planning-date-picker.tsx';

const TODAY = '2026-11-22';

type HarnessProps = Omit<PlanningDatePickerProps, 'value' | 'onChange' | 'label'> & {
  initial?: string | null;
  onChange?: (value: string | null) => void;
};

/** The picker held by a parent, as pages use it. */
function Harness({ initial = null, onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <PlanningDatePicker
      label="Start date"
      today={TODAY}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      {...props}
    />
  );
}

function setup(props: HarnessProps = {}) {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<Harness onChange={onChange} {...props} />);
  const input = screen.getByRole('textbox', { name: 'Start date' }) as HTMLInputElement;
  return { user, onChange, input };
}

async function typeAndEnter(user: ReturnType<typeof userEvent.setup>, input: HTMLInputElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
  await user.keyboard('{Enter}');
}

describe('PlanningDatePicker', () => {
  it('shows the date as YYYY-MM-DD by default', () => {
    const { input } = setup({ initial: '2026-03-05' });
    expect(input.value).toBe('2026-03-05');
    expect(input.placeholder).toBe('YYYY-MM-DD');
  });

  it.each([
    ['2026-3-5', '2026-03-05'],
    ['2026/3/5', '2026-03-05'],
    ['3/5/2026', '2026-03-05'],
    ['not a date', TODAY],
    ['2026-02-30', TODAY],
  ])('reads typed %j as %s', async (text, date) => {
    const { user, input, onChange } = setup({ initial: '2020-01-01' });
    await typeAndEnter(user, input, text);
    expect(onChange).toHaveBeenLastCalledWith(date);
    expect(input.value).toBe(date);
  });

  it('clamps a typed date into the minimum and maximum', async () => {
    const { user, input, onChange } = setup({ minDate: '2026-01-01', maxDate: '2026-12-31' });
    await typeAndEnter(user, input, '2025-06-01');
    expect(onChange).toHaveBeenLastCalledWith('2026-01-01');
    await typeAndEnter(user, input, '2031-06-01');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-31');
  });

  it('resets to the minimum date on Enter in an empty input', async () => {
    const { user, input, onChange } = setup({ initial: '2026-05-05', minDate: '2026-02-01' });
    await typeAndEnter(user, input, '');
    expect(onChange).toHaveBeenLastCalledWith('2026-02-01');
    expect(input.value).toBe('2026-02-01');
  });

  it('resets to none on Enter in an empty input without a minimum', async () => {
    const { user, input, onChange } = setup({ initial: '2026-05-05' });
    await typeAndEnter(user, input, '');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input.value).toBe('');
  });

  it('applies typed text when the input loses focus', async () => {
    const { user, input, onChange } = setup();
    await user.type(input, '2027-1-2');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('2027-01-02');
    expect(input.value).toBe('2027-01-02');
  });

  it('writes and reads dates in another format', async () => {
    const { user, input, onChange } = setup({ initial: '2026-03-05', format: 'DD/MM/YYYY' });
    expect(input.value).toBe('05/03/2026');
    await typeAndEnter(user, input, '7/4/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-04-07');
    expect(input.value).toBe('07/04/2026');
  });

  it('clears the date with the clear button', async () => {
    const { user, input, onChange } = setup({ initial: '2026-03-05' });
    await user.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input.value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear date' })).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('opens a one-month calendar on the selected date, with past days marked', async () => {
    const { user } = setup({ initial: '2026-11-10' });
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    const dialog = screen.getByRole('dialog', { name: 'Start date' });
    expect(within(dialog).getAllByRole('grid')).toHaveLength(1);
    expect(within(dialog).getByRole('application', { name: 'Start date, November 2026' })).toBeTruthy();
    const cellOf = (day: string) => within(dialog).getByText(day, { selector: '[role="button"], div' });
    expect(cellOf('21').closest('[data-past]')).not.toBeNull();
    expect(cellOf('22').closest('[data-past]')).toBeNull();
    expect(cellOf('22').closest('[data-today]')).not.toBeNull();
    expect(cellOf('23').closest('[data-past]')).toBeNull();
  });

  it('shows the months asked for, at most four', async () => {
    const { user } = setup({ initial: '2026-11-10', monthsToShow: 6 });
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    expect(screen.getAllByRole('grid')).toHaveLength(4);
  });

  it('picks a day in the calendar and closes it', async () => {
    const { user, input, onChange } = setup({ initial: '2026-11-10' });
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    await user.click(screen.getByRole('button', { name: /November 25, 2026/ }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-25');
    expect(input.value).toBe('2026-11-25');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('disables days outside the minimum and maximum', async () => {
    const { user } = setup({ initial: '2026-11-10', minDate: '2026-11-05', maxDate: '2026-11-20' });
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    expect(screen.getByRole('button', { name: /November 4, 2026/ }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: /November 21, 2026/ }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: /November 5, 2026/ }).getAttribute('aria-disabled')).toBeNull();
  });

  it('is operable from the keyboard: Alt+↓ opens, arrows move, Enter picks', async () => {
    const { user, input, onChange } = setup({ initial: '2026-11-10' });
    await user.click(input);
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(screen.getByRole('dialog', { name: 'Start date' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('10');
    await user.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-18');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers ten years either side by default, and at most a hundred', async () => {
    const { user } = setup({ initial: '2026-11-10' });
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    await user.click(screen.getByRole('button', { name: /Year/ }));
    const years = screen.getAllByRole('option').map((o) => o.textContent);
    expect(years[0]).toBe('2016');
    expect(years.at(-1)).toBe('2036');
  });

  it('caps the year range at 100', { timeout: 20_000 }, async () => {
    const { user } = setup({ initial: '2026-11-10', yearRange: 500 });
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    await user.click(screen.getByRole('button', { name: /Year/ }));
    const years = screen.getAllByRole('option');
    expect(years).toHaveLength(201);
    expect(years[0]?.textContent).toBe('1926');
    expect(years.at(-1)?.textContent).toBe('2126');
  });

  it('moves the calendar to the year chosen in the year dropdown', async () => {
    const { user } = setup({ initial: '2026-11-10', yearRange: 5 });
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    await user.click(screen.getByRole('button', { name: /Year/ }));
    expect(screen.getAllByRole('option')).toHaveLength(11);
    await user.click(screen.getByRole('option', { name: '2030' }));
    expect(screen.getByRole('application', { name: 'Start date, November 2030' })).toBeTruthy();
  });
});
