import styles from './skeleton.module.css';

type SkeletonListProps = {
  rows?: number;
  label?: string;
  /**
   * How tall a row is: `row` (default) a list row's height; `line` one line of the text around it,
   * for a list whose empty state is a sentence, so the skeleton is never taller than what replaces it.
   */
  size?: 'row' | 'line';
};

/** Placeholder rows of the right height while a list loads, so nothing jumps. */
export function SkeletonList({ rows = 3, label = 'Loading', size = 'row' }: SkeletonListProps) {
  return (
    <div className={styles.list} role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={index} className={size === 'line' ? styles.line : styles.row} />
      ))}
    </div>
  );
}
