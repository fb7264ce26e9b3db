import { describe, expect, it } from 'vitest';
import { mentionedUsernames, renderMarkdown, renderTitle } from './render.ts';

describe('renderMarkdown', () => {
  it('renders GitLab-style markdown', () => {
    const html = renderMarkdown('# Plan\n\n**bold** and `code`\n\n- [ ] todo\n- [x] done\n\nhttps://example.com');
    expect(html).toContain('<h1>Plan</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<input type="checkbox" class="task-list-item-checkbox" disabled aria-label="todo" /> todo');
    expect(html).toContain('checked');
    expect(html).toContain('href="https://example.com"');
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '<a href="https://a" onclick="x()">a</a>',
    '![x](data:image/svg+xml;base64,AAAA)',
    '<iframe src="https://evil"></iframe>',
  ])('neutralises %j', (source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<(script|iframe|img)\b/);
    expect(html).not.toMatch(/<[^>]*\son\w+=/);
    expect(html).not.toMatch(/(href|src)="(javascript|data):/);
  });

  it('names each checklist checkbox by its item, escaped', () => {
    const html = renderMarkdown('- [ ] say "hi" & `<b>`\n- [ ]  ');
    expect(html).toContain('aria-label="say &quot;hi&quot; &amp; &lt;b&gt;"');
    expect(html).not.toContain('<b>');
  });

  it('keeps titles inline', () => {
    expect(renderTitle('Ship *v2* <b>now</b>')).toBe('Ship <em>v2</em> &lt;b&gt;now&lt;/b&gt;');
  });

  it('links mentions of known users only, never inside code or links', () => {
    const mentions = new Map([['rita', { href: '/rita', userId: 7 }]]);
    expect(mentionedUsernames('Hi @Rita and @nobody, mail a@b.c. `@rita` @rita.')).toEqual(['rita', 'nobody']);
    const html = renderMarkdown('Hi @Rita, see `@rita` and [@rita](https://x.test) @nobody.', mentions);
    expect(html).toBe(
      '<p>Hi <a href="/rita" class="gfm gfm-project_member" data-user="7" data-reference-type="user" rel="nofollow noreferrer noopener" target="_blank">@Rita</a>, see <code>@rita</code> and <a href="https://x.test" rel="nofollow noreferrer noopener" target="_blank">@rita</a> @nobody.</p>\n',
    );
  });
});
