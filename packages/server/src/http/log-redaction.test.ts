import { describe, expect, it } from 'vitest';
import { redactSecrets } from './log-redaction.ts';

const token = 'glpat-abcdefghij0123456789';

describe('redactSecrets', () => {
  it.each([
    [`/api/v4/user?private_token=${token}`, '/api/v4/user?private_token=[FILTERED]'],
    ['/api/v4/user?per_page=5&access_token=abc&x=1', '/api/v4/user?per_page=5&access_token=[FILTERED]&x=1'],
    [`/search?q=${token}`, '/search?q=[FILTERED]'],
    [`/x/mlpat-abcdefghij0123456789`, '/x/[FILTERED]'],
    ['/acme/web/-/issues/1', '/acme/web/-/issues/1'],
  ])('%s → %s', (url, redacted) => {
    expect(redactSecrets(url, url.includes('mlpat-') ? 'mlpat-' : 'glpat-')).toBe(redacted);
  });
});
