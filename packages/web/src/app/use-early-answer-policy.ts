import { useState } from 'react';
import { answeredEarly } from './first-requests.ts';

type RefreshPolicy = 'cache-first' | 'cache-and-network';

/**
 * The fetch policy of a page that shows what is cached while it asks for a fresh copy
 * (`cache-and-network`): `cache-first` for the variables whose answer this page load's early
 * requests brought moments ago (`answeredEarly`), so the first screen does not ask for it twice.
 * Each variables' policy is kept for the component's life: it never flips, and so never refetches,
 * while the page is open.
 */
export function useEarlyAnswerPolicy(operationName: string, variables: Record<string, unknown>): RefreshPolicy {
  const [policies] = useState(() => new Map<string, RefreshPolicy>());
  const key = JSON.stringify(variables);
  let policy = policies.get(key);
  if (policy === undefined) {
    policy = answeredEarly(operationName, variables) ? 'cache-first' : 'cache-and-network';
    policies.set(key, policy);
  }
  return policy;
}
