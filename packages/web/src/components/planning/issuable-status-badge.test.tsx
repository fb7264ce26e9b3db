import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IssuableStatusBadge } from './issuable-status-badge.tsx';

describe('IssuableStatusBadge', () => {
  it.each([
    ['opened', 'success', 'Open'],
    ['reopened', 'success', 'Open'],
    ['OPENED', 'success', 'Open'],
    ['closed', 'info', 'Closed'],
    ['CLOSED', 'info', 'Closed'],
  ])('%s → %s badge reading %j', (state, variant, text) => {
    const { container } = render(<IssuableStatusBadge state={state} />);
    const badge = container.firstElementChild as HTMLElement;
    expect(badge.dataset.variant).toBe(variant);
    expect(badge.className).toContain(variant);
    expect(badge.textContent).toBe(text);
  });

  it('takes other text', () => {
    render(<IssuableStatusBadge state="closed">Closed (moved)</IssuableStatusBadge>);
    expect(screen.getByText('Closed (moved)')).toBeTruthy();
  });
});
