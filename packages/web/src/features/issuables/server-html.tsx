import type { Ref } from 'react';
import styles from './server-html.module.css';

type ServerHtmlProps = {
  /** HTML rendered and sanitised by the server's markdown renderer (an allow-list of tags). */
  html: string;
  className?: string;
  /** The element, for behaviour added to the rendered HTML (task lists). */
  ref?: Ref<HTMLDivElement>;
};

/** Shows markdown the server rendered (descriptions, previews), styled as GitLab's markdown. */
export function ServerHtml({ html, className, ref }: ServerHtmlProps) {
  return (
    <div
      ref={ref}
      className={[styles.markdown, className].filter(Boolean).join(' ')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises this HTML (src/markdown/render.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
