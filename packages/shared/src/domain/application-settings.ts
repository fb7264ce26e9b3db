/**
 * The instance's feature switches (decision 0038): parts of the planning screens an administrator
 * turns on or off for everyone — GitLab's licensed features of the same names. Every screen and the
 * API honour them: the web reads them from the app page (`<meta name="milepost-settings">`).
 */
export type FeatureSwitches = {
  /** Epics inside epics (the tree's child epics, the roadmap's child counts, 'Add an existing epic'). */
  subEpics: boolean;
  /** Health status on issues (on track, needs attention, at risk). */
  healthStatus: boolean;
  /** Labels named `scope::value` drawn as scoped, and one per scope on an item. */
  scopedLabels: boolean;
  /** Several labels of one scope on the same item (with scoped labels on). */
  multipleScopedLabels: boolean;
};

export const DEFAULT_FEATURE_SWITCHES: FeatureSwitches = {
  subEpics: true,
  healthStatus: true,
  scopedLabels: true,
  multipleScopedLabels: false,
};

/** The switches as a page wrote them, missing or wrong values taken from the defaults. */
export function featureSwitchesOf(value: unknown): FeatureSwitches {
  const read = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const pick = (key: keyof FeatureSwitches) =>
    typeof read[key] === 'boolean' ? (read[key] as boolean) : DEFAULT_FEATURE_SWITCHES[key];
  return {
    subEpics: pick('subEpics'),
    healthStatus: pick('healthStatus'),
    scopedLabels: pick('scopedLabels'),
    multipleScopedLabels: pick('multipleScopedLabels'),
  };
}

/**
 * The filter bar's token types the switches turn off, so no screen suggests a filter for a
 * switched-off feature: health status without health status; on the epic lists and the roadmap the
 * 'Epic' token (an epic's descendants) without sub-epics. The issue lists keep 'Epic' (an issue's
 * epic is no sub-epic).
 */
export function tokenTypesSwitchedOff(switches: FeatureSwitches, list: 'epics' | 'issues'): ('health' | 'epic')[] {
  const off: ('health' | 'epic')[] = [];
  if (!switches.healthStatus) off.push('health');
  if (!switches.subEpics && list === 'epics') off.push('epic');
  return off;
}
