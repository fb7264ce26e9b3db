import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyRoadmap, ROADMAP_LOAD_FAILED } from './lazy-roadmap.tsx';

vi.mock('../../roadmap/roadmap.tsx', () => {
  throw new Error('chunk failed to load');
});

describe('LazyRoadmap', () => {
  it("says 'Failed to load Roadmap' when the roadmap's code cannot load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LazyRoadmap groupFullPath="acme" epicIid="1" />);
    expect(screen.getByRole('status', { name: 'Loading roadmap' }) ?? null).toBeTruthy();
    expect(await screen.findByText(ROADMAP_LOAD_FAILED)).toBeTruthy();
  });
});
