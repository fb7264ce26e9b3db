/** Scoped labels: `scope::value` (the scope is everything before the last `::`). */
export function labelScope(title: string): string | null {
  const i = title.lastIndexOf('::');
  return i > 0 && i < title.length - 2 ? title.slice(0, i) : null;
}

export function isScopedLabel(title: string): boolean {
  return labelScope(title) !== null;
}

/**
 * Applies GitLab's one-label-per-scope rule: when several labels share a scope, the one added
 * last wins. `titles` is in the order they were added.
 */
export function keepOnePerScope<T extends { title: string }>(labels: readonly T[]): T[] {
  const lastIndexOfScope = new Map<string, number>();
  labels.forEach((l, i) => {
    const scope = labelScope(l.title);
    if (scope !== null) lastIndexOfScope.set(scope, i);
  });
  return labels.filter((l, i) => {
    const scope = labelScope(l.title);
    return scope === null || lastIndexOfScope.get(scope) === i;
  });
}

/** Health status: the GraphQL enum value ↔ the REST/API value. */
export const HEALTH_STATUS = {
  onTrack: 'on_track',
  needsAttention: 'needs_attention',
  atRisk: 'at_risk',
} as const;
export type HealthStatusApi = (typeof HEALTH_STATUS)[keyof typeof HEALTH_STATUS];
export type HealthStatusGraphql = keyof typeof HEALTH_STATUS;
