import { DEFAULT_FEATURE_SWITCHES, EPIC_TOKEN_SET, ISSUE_TOKEN_SET } from '@milepost/shared';
import { within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_INSTANCE_SETTINGS, updateInstanceSettings } from '../../lib/instance-settings.ts';
import { input, list, optionNames, renderFilteredSearch, startToken } from './filtered-search-test-utils.tsx';

/** The instance's feature switches (Admin › Settings) decide which filters are offered (decision 0044). */
describe('FilteredSearch: feature switches', () => {
  const switches = (changes: Partial<typeof DEFAULT_FEATURE_SWITCHES>) =>
    updateInstanceSettings({ features: { ...DEFAULT_FEATURE_SWITCHES, ...changes } });

  beforeEach(() => localStorage.clear());
  afterEach(() => updateInstanceSettings(DEFAULT_INSTANCE_SETTINGS));

  it('offers no Health token while health status is switched off', async () => {
    const tokenTypes = ['author', 'health', 'weight'] as const;
    switches({ healthStatus: true });
    const on = renderFilteredSearch({ tokenTypes: [...tokenTypes], tokenSet: ISSUE_TOKEN_SET });
    await on.user.click(input());
    expect(optionNames()).toContain('Health');
    on.unmount();

    switches({ healthStatus: false });
    const off = renderFilteredSearch({ tokenTypes: [...tokenTypes], tokenSet: ISSUE_TOKEN_SET });
    await off.user.click(input());
    expect(optionNames()).not.toContain('Health');
    expect(optionNames()).toContain('Author');
  });

  it('offers no Epic token on the epic lists without sub-epics; the issue lists keep it', async () => {
    switches({ subEpics: false });
    const epics = renderFilteredSearch({ tokenTypes: ['author', 'epic'], tokenSet: EPIC_TOKEN_SET });
    await epics.user.click(input());
    expect(optionNames()).toEqual(['Author']);
    epics.unmount();

    const issues = renderFilteredSearch({ tokenTypes: ['author', 'epic'], tokenSet: ISSUE_TOKEN_SET });
    await issues.user.click(input());
    expect(optionNames()).toEqual(['Author', 'Epic']);
  });

  it('draws scoped label suggestions as plain labels while scoped labels are switched off', async () => {
    switches({ scopedLabels: false });
    const { user } = renderFilteredSearch();
    await startToken(user, 'Label', 'is');
    const scoped = await within(list()).findByRole('option', { name: 'priority::high' });
    expect(scoped.querySelector('.scopeName')).toBeNull();
  });
});
