/**
 * Instance settings the web app needs before its first request (GitLab's `gon`): the personal access
 * token prefix secret detection looks for, the largest upload, whether 'Forgot your password?' sends
 * an email, whether visitors may sign up, and the feature switches (Admin › Settings). Written into
 * the app page as `<meta name="milepost-settings" content="{json}">`; `web/src/lib/instance-settings.ts`
 * reads it.
 */
import { DEFAULT_FEATURE_SWITCHES, type FeatureSwitches } from '@milepost/shared';
import type { Config } from '../config.ts';

export type WebSettings = {
  patPrefix: string;
  maxAttachmentSize: number;
  passwordResetByEmail: boolean;
  signupEnabled: boolean;
  features: FeatureSwitches;
};

type WebConfig = Pick<Config, 'patPrefix' | 'maxAttachmentSizeMb'> & Partial<Pick<Config, 'smtpUrl'>>;
/** The instance settings in force (Admin › Settings). */
export type InstanceValues = { signupEnabled: boolean; features: FeatureSwitches };

const DEFAULT_INSTANCE: InstanceValues = { signupEnabled: false, features: DEFAULT_FEATURE_SWITCHES };

export function webSettings(config: WebConfig, instance: InstanceValues = DEFAULT_INSTANCE): WebSettings {
  return {
    patPrefix: config.patPrefix,
    maxAttachmentSize: config.maxAttachmentSizeMb * 1024 * 1024,
    passwordResetByEmail: Boolean(config.smtpUrl),
    signupEnabled: instance.signupEnabled,
    features: instance.features,
  };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function withWebSettings(html: string, config: WebConfig, instance?: InstanceValues): string {
  const meta = `<meta name="milepost-settings" content="${escapeAttribute(JSON.stringify(webSettings(config, instance)))}" />`;
  return html.replace(/<\/head>/i, `  ${meta}\n  </head>`);
}

/**
 * The signed-in viewer's first day of the week, written into the app page as `<meta
 * name="milepost-viewer" content="{json}">` (`web/src/lib/viewer-hints.ts` reads it): a roadmap with
 * weekly columns sends its first epics request without asking for it first. Nothing for a visitor.
 */
export function withViewerHints(html: string, viewer: { firstDayOfWeek: number } | null): string {
  if (!viewer) return html;
  const meta = `<meta name="milepost-viewer" content="${escapeAttribute(JSON.stringify({ firstDayOfWeek: viewer.firstDayOfWeek }))}" />`;
  return html.replace(/<\/head>/i, `  ${meta}\n  </head>`);
}
