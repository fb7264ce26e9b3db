import type { ReactNode, Ref } from 'react';
import styles from './issuable-body.module.css';
import { ServerHtml } from './server-html.tsx';

type IssuableBodyProps = {
  title: string;
  /** The title as the server rendered it for this reader (its references are links, as GitLab's). */
  titleHtml?: string | null;
  descriptionHtml: string | null;
  /** The heading, for a page that watches whether the title is in view (sticky header). */
  titleRef?: Ref<HTMLHeadingElement>;
  /** Shows the description with behaviour of its own (task lists); default: the HTML as it is. */
  renderDescription?: (html: string, className: string) => ReactNode;
};

/** The epic's or issue's title (the page's heading) and its description as the server rendered it. */
export function IssuableBody({ title, titleHtml, descriptionHtml, titleRef, renderDescription }: IssuableBodyProps) {
  return (
    <div className={styles.body}>
      {titleHtml ? (
        <ServerHtml as="h1" html={titleHtml} className={styles.title} ref={titleRef as Ref<HTMLElement>} />
      ) : (
        <h1 className={styles.title} ref={titleRef}>
          {title}
        </h1>
      )}
      {descriptionHtml
        ? (renderDescription?.(descriptionHtml, styles.description as string) ?? (
            <ServerHtml html={descriptionHtml} className={styles.description} />
          ))
        : null}
    </div>
  );
}
