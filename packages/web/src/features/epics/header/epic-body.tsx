import styles from './epic-body.module.css';
import { ServerHtml } from './server-html.tsx';

type EpicBodyProps = { title: string; descriptionHtml: string | null };

/** The epic's title (the page's heading) and its description as the server rendered it. */
export function EpicBody({ title, descriptionHtml }: EpicBodyProps) {
  return (
    <div className={styles.body}>
      <h1 className={styles.title}>{title}</h1>
      {descriptionHtml ? <ServerHtml html={descriptionHtml} className={styles.description} /> : null}
    </div>
  );
}
