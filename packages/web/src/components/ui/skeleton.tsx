import styles from './skeleton.module.css';

type SkeletonListProps = { rows?: number; label?: string };

/** Placeholder rows of the right height while a list loads, so nothing jumps. */
export function SkeletonList({ rows = 3, label = 'Loading' }: SkeletonListProps) {
  return (
    <div className={styles.list} role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={index} className={styles.row} />
      ))}
    </div>
  );
}
