import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render.ts';

describe('task lists in rendered markdown', () => {
  it('marks lists and items with their source lines and task items with a checkbox', () => {
    const html = renderMarkdown('Intro\n\n- [ ] one\n- [x] two\n  - [ ] nested\n- plain\n\nEnd');
    expect(html).toContain('<ul data-sourcepos="3:1-6:7" class="task-list">');
    expect(html).toContain(
      '<li data-sourcepos="3:1-3:9" class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" disabled aria-label="one" /> one</li>',
    );
    expect(html).toContain(
      '<li data-sourcepos="4:1-5:14" class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" disabled checked aria-label="two" /> two',
    );
    expect(html).toContain('<ul data-sourcepos="5:1-5:14" class="task-list">');
    expect(html).toContain('<li data-sourcepos="6:1-6:7">plain</li>');
  });

  it('leaves trailing blank lines of a loose list item out of its range', () => {
    const html = renderMarkdown('1. [ ] a\n\n2. [ ] b\n');
    expect(html).toContain('<li data-sourcepos="1:1-1:8" class="task-list-item">');
    expect(html).toContain('<li data-sourcepos="3:1-3:8" class="task-list-item">');
  });

  it('keeps the start of an ordered list', () => {
    const html = renderMarkdown('3. c\n4. d');
    expect(html).toMatch(/<ol [^>]*start="3"/);
    expect(html).toMatch(/<ol [^>]*data-sourcepos="1:1-2:4"/);
  });

  it('renders an inapplicable item [~] as a disabled, unchecked box', () => {
    expect(renderMarkdown('- [~] skipped')).toContain(
      '<li data-sourcepos="1:1-1:13" class="task-list-item inapplicable">',
    );
  });

  it.each([
    ['a box not opening a list item', 'Text [ ] here\n\n[ ] para'],
    ['a box without a space after it', '- [ ]'],
    ['a box in code', '- `[ ] x`'],
  ])('makes no checkbox of %s', (_name, source) => {
    expect(renderMarkdown(source)).not.toContain('<input');
  });

  it('lets no other class or attribute through on lists', () => {
    const html = renderMarkdown('- [ ] a');
    expect(html).not.toMatch(/class="(?!task-list)/);
  });
});
