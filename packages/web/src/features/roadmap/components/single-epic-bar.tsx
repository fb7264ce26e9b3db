import type { EpicsState } from '@milepost/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import styles from '../roadmap.module.css';

type SingleEpicBarProps = {
  /** Child epics the roadmap lists (in the timeframe and state); null while loading. */
  shown: number | null;
  /** All the epic's direct child epics the viewer can see; null while loading. */
  total: number | null;
  epicsState: EpicsState;
  onOpenSettings: () => void;
};

/** 'N of M child epics are outside this timeframe' (and the state, when one is chosen); null when none are hidden. */
export function hiddenChildrenText(shown: number | null, total: number | null, epicsState: EpicsState): string | null {
  if (shown === null || total === null || total <= shown) return null;
  const hidden = total - shown;
  const where =
    epicsState === 'all'
      ? 'outside this timeframe'
      : `outside this timeframe or not ${epicsState === 'opened' ? 'open' : 'closed'}`;
  return `${hidden} of ${total} child ${total === 1 ? 'epic is' : 'epics are'} ${where}.`;
}

/**
 * Above one epic's roadmap (its Roadmap tab): which child epics the range hides, and the 'Settings'
 * button that changes the range, layout and what is shown.
 */
export function SingleEpicBar({ shown, total, epicsState, onOpenSettings }: SingleEpicBarProps) {
  const hidden = hiddenChildrenText(shown, total, epicsState);
  return (
    <div className={styles.filtersBar}>
      <p className={styles.hiddenChildren} role="status">
        {hidden && (
          <>
            <Icon name="info" />
            {hidden} Change the range in Settings.
          </>
        )}
      </p>
      <Button onPress={onOpenSettings} className={styles.settingsButton}>
        <Icon name="settings" />
        Settings
      </Button>
    </div>
  );
}
