import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { isLabelColorInputValid, LABEL_COLOR_INVALID, LabelColorField } from './label-color-field.tsx';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <LabelColorField value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('LabelColorField', () => {
  it('marks a typed value that does not start with #, rgb or rgba invalid, with the message', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Color value' });
    await userEvent.type(input, 'blue-ish');
    expect(screen.getByText(LABEL_COLOR_INVALID)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(input);
    await userEvent.type(input, 'rgba(0, 0, 0, 0.5)');
    expect(screen.queryByText(LABEL_COLOR_INVALID)).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('picks a suggested colour with a swatch', async () => {
    render(<Harness />);
    const swatch = screen.getAllByRole('button')[0] as HTMLElement;
    await userEvent.click(swatch);
    expect(swatch.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it.each([
    ['#FF0000', true],
    ['rgb(1, 2, 3)', true],
    ['rgba(1, 2, 3, 0.5)', true],
    ['red', false],
    ['  ', false],
  ])('%j passes the check: %j', (value, expected) => expect(isLabelColorInputValid(value)).toBe(expected));
});
