import { describe, expect, it } from 'vitest';
import { type Reference, referenceKey, scanReferences } from './references.ts';
import { collectReferences, renderMarkdown, renderTitle } from './render.ts';

describe('renderMarkdown', () => {
  it('renders GitLab-style markdown', () => {
    const html = renderMarkdown('# Plan\n\n**bold** and `code`\n\n- [ ] todo\n- [x] done\n\nhttps://example.com');
    expect(html).toContain('<h1>Plan</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<input type="checkbox" class="task-list-item-checkbox" disabled aria-label="todo" /> todo');
    expect(html).toContain('checked');
    expect(html).toContain('href="https://example.com" rel="nofollow noreferrer noopener" target="_blank"');
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '<a href="https://a" onclick="x()">a</a>',
    '![x](data:image/svg+xml;base64,AAAA)',
    '<iframe src="https://evil"></iframe>',
    '<details ontoggle="alert(1)" open><summary onclick="x()">s</summary></details>',
    '$`\\href{javascript:alert(1)}{x}`$',
    '```math\n\\url{javascript:alert(1)}\n```',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '[^1]\n\n[^1]: <script>alert(1)</script>',
  ])('neutralises %j', (source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<(script|iframe|img)\b/);
    expect(html).not.toMatch(/<[^>]*\son\w+=/);
    expect(html).not.toMatch(/<[^>]*(href|src)="(javascript|data):/);
  });

  it('names each checklist checkbox by its item, escaped', () => {
    const html = renderMarkdown('- [ ] say "hi" & `<b>`\n- [ ]  ');
    expect(html).toContain('aria-label="say &quot;hi&quot; &amp; &lt;b&gt;"');
    expect(html).not.toContain('<b>');
  });

  it('keeps titles inline', () => {
    expect(renderTitle('Ship *v2* <b>now</b>')).toBe('Ship <em>v2</em> &lt;b&gt;now&lt;/b&gt;');
    expect(renderTitle('Fix <details> and <kbd>x</kbd>')).toBe('Fix &lt;details&gt; and &lt;kbd&gt;x&lt;/kbd&gt;');
  });

  it('renders footnotes with ids of their own text', () => {
    const html = renderMarkdown('Claim[^note].\n\n[^note]: The source.');
    const id = /id="fnref-([0-9a-f]{8})-1"/.exec(html)?.[1];
    expect(id).toBeDefined();
    expect(html).toContain(`<sup class="footnote-ref"><a href="#fn-${id}-1" id="fnref-${id}-1">[1]</a></sup>`);
    expect(html).toContain(
      `<li id="fn-${id}-1" class="footnote-item"><p>The source. <a href="#fnref-${id}-1" class="footnote-backref">`,
    );
    expect(html).toContain('<section class="footnotes">');
    // a link inside the app never opens a new tab
    expect(html).not.toContain('target=');
    expect(renderMarkdown('Other[^note].\n\n[^note]: Text.')).not.toContain(`fn-${id}-1`);
  });

  it('renders math as MathML: inline $`…`$, ```math and $$ blocks', () => {
    const inline = renderMarkdown('Area $`\\pi r^2`$ here, but `$x$` and $5 stay text.');
    expect(inline).toContain('<span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML">');
    expect(inline).toContain('<mi>π</mi>');
    expect(inline).toContain('<annotation encoding="application/x-tex">\\pi r^2</annotation>');
    expect(inline).toContain('<code>$x$</code> and $5 stay text.');
    for (const block of ['```math\na^2+b^2=c^2\n```', '$$\na^2+b^2=c^2\n$$', '$$a^2+b^2=c^2$$']) {
      const html = renderMarkdown(block);
      expect(html).toMatch(/^<p class="math-display"><span class="katex"><math [^>]*display="block"/);
      expect(html).toContain('<msup><mi>a</mi><mn>2</mn></msup>');
    }
    // a formula KaTeX cannot read is shown as its source, not an error page
    expect(renderMarkdown('$`\\frac{`$')).toContain('katex-error');
  });

  it('passes <details>/<summary> and escapes every other tag', () => {
    const html = renderMarkdown(
      '<details open class="x">\n<summary>More <b>info</b></summary>\n\nHidden **text**\n\n</details>',
    );
    expect(html).toBe(
      '<details open>\n<summary>More &lt;b&gt;info&lt;/b&gt;</summary>\n<p>Hidden <strong>text</strong></p>\n</details>',
    );
    expect(renderMarkdown('Press <kbd>Ctrl</kbd> <span title="x">s</span>')).toBe(
      '<p>Press <kbd>Ctrl</kbd> &lt;span title="x"&gt;s&lt;/span&gt;</p>\n',
    );
  });
});

describe('references', () => {
  it('finds each kind of reference, with paths, outside words and addresses', () => {
    const found = scanReferences(
      'See #3, acme/web#12 and &1 / acme&2; ~bug, ~"needs review", ~12, %v1.0, %"Release 2", %7, @rita. Not a@b.c, x#1, 50%, ~ or page#top.',
    ).map((r) => [r.kind, r.path, r.key, r.text]);
    expect(found).toEqual([
      ['issue', null, '3', '#3'],
      ['issue', 'acme/web', '12', 'acme/web#12'],
      ['epic', null, '1', '&1'],
      ['epic', 'acme', '2', 'acme&2'],
      ['label', null, 'bug', '~bug'],
      ['label', null, 'needs review', '~"needs review"'],
      ['label', null, '12', '~12'],
      ['milestone', null, 'v1.0', '%v1.0'],
      ['milestone', null, 'Release 2', '%"Release 2"'],
      ['milestone', null, '7', '%7'],
      ['user', null, 'rita', '@rita'],
      ['issue', 'x', '1', 'x#1'],
    ]);
  });

  it('collects references outside code and links only', () => {
    const refs = collectReferences('#1 `#2` [#3](https://x.test) https://x.test/#4\n\n```\n#5\n```\n\n> ~bug');
    expect(refs.map((r) => r.text)).toEqual(['#1', '~bug']);
  });

  it('links what the lookup resolves and leaves the rest as written', () => {
    const lookup = (r: Reference) =>
      referenceKey(r) === referenceKey({ kind: 'issue', path: null, key: '3', byNumber: true })
        ? {
            href: '/acme/web/-/issues/3',
            text: '#3 (closed)',
            attrs: [
              ['class', 'gfm gfm-issue'],
              ['data-reference-type', 'issue'],
              ['data-project-path', 'acme/web'],
              ['data-iid', '3'],
            ] as const,
          }
        : undefined;
    expect(renderMarkdown('Fixed in #3, not #4; `#3`.', lookup)).toBe(
      '<p>Fixed in <a href="/acme/web/-/issues/3" class="gfm gfm-issue" data-reference-type="issue" data-project-path="acme/web" data-iid="3">#3 (closed)</a>, not #4; <code>#3</code>.</p>\n',
    );
    // without a lookup nothing is linked
    expect(renderMarkdown('Fixed in #3.')).toBe('<p>Fixed in #3.</p>\n');
  });
});
