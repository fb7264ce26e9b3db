import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IssuableBody } from './issuable-body.tsx';

describe('IssuableBody', () => {
  it('shows the title as the server rendered it, its references as links (GitLab titles)', () => {
    render(
      <IssuableBody
        title="Follow up #3"
        titleHtml='Follow up <a href="/acme/web/-/issues/3" class="gfm gfm-issue" data-reference-type="issue">#3</a>'
        descriptionHtml={null}
      />,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Follow up #3' });
    const link = screen.getByRole('link', { name: '#3' });
    expect(heading.contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe('/acme/web/-/issues/3');
  });

  it('shows the plain title while there is no rendering', () => {
    render(<IssuableBody title="Plain <b>title</b>" descriptionHtml={null} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Plain <b>title</b>');
  });
});
