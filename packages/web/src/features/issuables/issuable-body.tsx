import styles from './issuable-body.module.css';
import { ServerHtml } from './server-html.tsx';

type IssuableBodyProps = { title: string; descriptionHtml: string | null };

/** The epic's or issue's title (the page's heading) and its description as the server rendered it. */
export function IssuableBody({ title, descriptionHtml }: IssuableBodyProps) {
  return (
    <div className={styles.body}>
      <h1 className={styles.title}>{title}</h1>
      {descriptionHtml ? <ServerHtml html={descriptionHtml} className={styles.description} /> : null}
    </div>
  );
}
