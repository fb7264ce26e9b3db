import { formatBytes, UPLOAD_DEFAULTS } from '@milepost/shared';
import { ProgressBar } from 'react-aria-components';
import { Button } from '../ui/button.tsx';
import styles from './upload-list.module.css';

export type UploadItem = {
  id: number;
  file: File;
  name: string;
  size: number;
  /** Bytes sent so far. */
  loaded: number;
  status: 'queued' | 'uploading' | 'failed';
  error?: string;
  /** A failed upload may be tried again (not one over the size limit). */
  retryable?: boolean;
  /** An object URL of an image up to 10 MiB, shown 120 × 120. */
  thumbnail?: string;
};

type UploadListProps = {
  items: readonly UploadItem[];
  /** Cancel (while waiting or uploading) and Dismiss (after an error). */
  onCancel: (id: number) => void;
  onRetry: (id: number) => void;
};

/** The files of one editor on their way: thumbnail, name, size, a progress bar, Cancel; or the error. */
export function UploadList({ items, onCancel, onRetry }: UploadListProps) {
  return (
    <ul className={styles.list} aria-label="Uploads">
      {items.map((item) => (
        <li
          key={item.id}
          className={[styles.item, item.status === 'failed' && styles.failed].filter(Boolean).join(' ')}
        >
          {item.thumbnail && (
            <img
              className={styles.thumbnail}
              src={item.thumbnail}
              alt=""
              width={UPLOAD_DEFAULTS.thumbnailSize}
              height={UPLOAD_DEFAULTS.thumbnailSize}
            />
          )}
          <div className={styles.body}>
            <div className={styles.title}>
              <span className={styles.name} title={item.name}>
                {item.name}
              </span>
              <span className={styles.size}>{formatBytes(item.size)}</span>
            </div>
            {item.status === 'failed' ? (
              <p className={styles.error} role="alert">
                {item.name}: {item.error}
              </p>
            ) : (
              <ProgressBar
                className={styles.progress}
                aria-label={`Uploading ${item.name}`}
                value={item.loaded}
                maxValue={Math.max(item.size, 1)}
                valueLabel={
                  item.status === 'queued' ? 'Waiting…' : `${formatBytes(item.loaded)} of ${formatBytes(item.size)}`
                }
              >
                {({ percentage, valueText }) => (
                  <>
                    <div className={styles.track}>
                      <div className={styles.fill} style={{ width: `${percentage ?? 0}%` }} />
                    </div>
                    <span className={styles.status}>{valueText}</span>
                  </>
                )}
              </ProgressBar>
            )}
          </div>
          <div className={styles.actions}>
            {item.status === 'failed' && item.retryable && (
              <Button compact variant="tertiary" onPress={() => onRetry(item.id)}>
                Try again
              </Button>
            )}
            <Button
              compact
              variant="tertiary"
              onPress={() => onCancel(item.id)}
              aria-label={`${item.status === 'failed' ? 'Dismiss' : 'Cancel'} ${item.name}`}
            >
              {item.status === 'failed' ? 'Dismiss' : 'Cancel'}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
