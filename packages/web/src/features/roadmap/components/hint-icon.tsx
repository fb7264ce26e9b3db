import { Icon } from '../../../components/ui/icon.tsx';
import styles from '../roadmap.module.css';

/** An info icon that explains something in the shell's popover on hover and keyboard focus. */
export function HintIcon({ text }: { text: string }) {
  return (
    <button type="button" className={styles.hintButton} aria-label={text} data-tooltip={text}>
      <Icon name="info" size={12} />
    </button>
  );
}
