/**
 * Instance settings the web app needs before its first request (GitLab's `gon`): the personal access
 * token prefix secret detection looks for, and the largest upload. Written into the app page as
 * `<meta name="milepost-settings" content="{json}">`; `web/src/lib/instance-settings.ts` reads it.
 */
import type { Config } from '../config.ts';

export type WebSettings = { patPrefix: string; maxAttachmentSize: number };

export function webSettings(config: Pick<Config, 'patPrefix' | 'maxAttachmentSizeMb'>): WebSettings {
  return { patPrefix: config.patPrefix, maxAttachmentSize: config.maxAttachmentSizeMb * 1024 * 1024 };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function withWebSettings(html: string, config: Pick<Config, 'patPrefix' | 'maxAttachmentSizeMb'>): string {
  const meta = `<meta name="milepost-settings" content="${escapeAttribute(JSON.stringify(webSettings(config)))}" />`;
  return html.replace(/<\/head>/i, `  ${meta}\n  </head>`);
}
