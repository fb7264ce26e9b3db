import { ITERATION_STATE_LABELS, type IterationStateName } from './iteration-state.ts';
import styles from './iterations.module.css';

/** Upcoming (neutral), Current (blue), Done (green) — an iteration's state. */
export function IterationStateBadge({ state }: { state: string }) {
  const name = (state in ITERATION_STATE_LABELS ? state : 'upcoming') as IterationStateName;
  return <span className={`${styles.badge} ${styles[name]}`}>{ITERATION_STATE_LABELS[name]}</span>;
}
