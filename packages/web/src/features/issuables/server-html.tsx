import { type Ref, useCallback, useLayoutEffect, useRef } from 'react';
import styles from './server-html.module.css';

type ServerHtmlProps = {
  /** HTML rendered and sanitised by the server's markdown renderer (an allow-list of tags). */
  html: string;
  className?: string;
  /** The element, for behaviour added to the rendered HTML (task lists). */
  ref?: Ref<HTMLElement>;
  /** `h1` for a title the server rendered (its references are links); default a `div`. */
  as?: 'div' | 'h1';
};

/**
 * Label references come with their colours as data attributes (the page's content security policy
 * allows no inline styles in HTML); they are set here as custom properties the stylesheet reads.
 */
function colourLabels(root: HTMLElement) {
  for (const link of root.querySelectorAll<HTMLElement>('a[data-label-color]')) {
    link.style.setProperty('--label-color', link.dataset.labelColor ?? '');
    link.style.setProperty('--label-text-color', link.dataset.labelTextColor ?? '');
  }
}

/**
 * Shows markdown the server rendered (descriptions, previews), styled as GitLab's markdown. Its
 * references open hover cards (components/hover-card, mounted once for the app).
 */
export function ServerHtml({ html, className, ref, as: Element = 'div' }: ServerHtmlProps) {
  const own = useRef<HTMLElement | null>(null);
  // One callback for the element's life (a new one each render would hand the page null, then the
  // element again, on every render: the issue page's sticky header watches the title by it).
  const setRef = useCallback(
    (node: HTMLElement | null) => {
      own.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  useLayoutEffect(() => {
    if (own.current && html.includes('data-label-color')) colourLabels(own.current);
  }, [html]);
  return (
    <Element
      ref={setRef}
      className={[styles.markdown, className].filter(Boolean).join(' ')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises this HTML (src/markdown/render.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
