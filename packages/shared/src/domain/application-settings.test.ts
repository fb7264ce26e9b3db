import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_SWITCHES, type FeatureSwitches, tokenTypesSwitchedOff } from './application-settings.ts';

describe('tokenTypesSwitchedOff', () => {
  const off = (changes: Partial<FeatureSwitches>) => ({ ...DEFAULT_FEATURE_SWITCHES, ...changes });
  it.each([
    [DEFAULT_FEATURE_SWITCHES, 'issues', []],
    [DEFAULT_FEATURE_SWITCHES, 'epics', []],
    [off({ healthStatus: false }), 'issues', ['health']],
    [off({ healthStatus: false }), 'epics', ['health']],
    [off({ subEpics: false }), 'issues', []],
    [off({ subEpics: false }), 'epics', ['epic']],
    [off({ subEpics: false, healthStatus: false }), 'epics', ['health', 'epic']],
    [off({ scopedLabels: false, multipleScopedLabels: true }), 'issues', []],
  ] as const)('%o on the %s lists hides %o', (switches, list, expected) => {
    expect(tokenTypesSwitchedOff(switches, list)).toEqual(expected);
  });
});
