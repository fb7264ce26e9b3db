/** Who a text mentions and directly addresses (GitLab's examples, code, links, lists and quotes). */
import { describe, expect, it } from 'vitest';
import { mentionsIn } from './mentions.ts';

describe('mentionsIn', () => {
  it.each([
    ['no mention at all', 'plain text', [], []],
    ['a mention mid-line', 'thanks @Alice!', ['alice'], []],
    ['a line opened by a mention', '@alice What do you think? cc: @bob', ['alice', 'bob'], ['alice']],
    ['a run of mentions opening a line', '@erin @frank thank you!', ['erin', 'frank'], ['erin', 'frank']],
    ['a later line of a paragraph', 'first line\n@dan over to you', ['dan'], ['dan']],
    ['a list item', '- @carol can you please have a look?', ['carol'], []],
    ['a quote', '> @dan what do you think?', ['dan'], []],
    ['a heading', '# @ann', ['ann'], []],
    ['inline code', '`@alice` and @bob', ['bob'], []],
    ['a code block', '```\n@alice\n```\n@bob', ['bob'], ['bob']],
    ['a link text', '[@alice](https://example.test) hi', [], []],
    ['an e-mail address', 'mail alice@example.test', [], []],
    ['a trailing full stop', 'ask @bob.', ['bob'], []],
  ])('%s', (_name, text, all, direct) => {
    const found = mentionsIn(text);
    expect(found.all).toEqual(all);
    expect(found.direct).toEqual(direct);
  });
});
