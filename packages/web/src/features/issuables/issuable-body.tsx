import type { Ref } from 'react';
import styles from './issuable-body.module.css';
import { ServerHtml } from './server-html.tsx';

type IssuableBodyProps = {
  title: string;
  descriptionHtml: string | null;
  /** The heading, for a page that watches whether the title is in view (sticky header). */
  titleRef?: Ref<HTMLHeadingElement>;
};

/** The epic's or issue's title (the page's heading) and its description as the server rendered it. */
export function IssuableBody({ title, descriptionHtml, titleRef }: IssuableBodyProps) {
  return (
    <div className={styles.body}>
      <h1 className={styles.title} ref={titleRef}>
        {title}
      </h1>
      {descriptionHtml ? <ServerHtml html={descriptionHtml} className={styles.description} /> : null}
    </div>
  );
}
