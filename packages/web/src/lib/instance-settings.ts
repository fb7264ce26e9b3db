import { DEFAULT_PAT_PREFIX, type FeatureSwitches, featureSwitchesOf } from '@milepost/shared';

/**
 * Instance settings the server writes into the app page (`<meta name="milepost-settings">`, GitLab's
 * `gon`): the personal access token prefix secret detection looks for, the largest upload, whether
 * 'Forgot your password?' sends an email, whether visitors may sign up, and the feature switches
 * an administrator sets in Admin › Settings.
 */
export type InstanceSettings = {
  patPrefix: string;
  maxAttachmentSize: number;
  passwordResetByEmail: boolean;
  signupEnabled: boolean;
  features: FeatureSwitches;
};

/** Spec 002 §9: 256 MiB, when the page says nothing (tests, a page served without the server). */
export const DEFAULT_INSTANCE_SETTINGS: InstanceSettings = {
  patPrefix: DEFAULT_PAT_PREFIX,
  maxAttachmentSize: 256 * 1024 * 1024,
  passwordResetByEmail: false,
  signupEnabled: false,
  features: featureSwitchesOf(undefined),
};

let cached: InstanceSettings | undefined;

export function instanceSettings(): InstanceSettings {
  if (cached) return cached;
  const content = document.querySelector('meta[name="milepost-settings"]')?.getAttribute('content');
  let read: Partial<Record<keyof InstanceSettings, unknown>> = {};
  try {
    read = content ? (JSON.parse(content) as Partial<Record<keyof InstanceSettings, unknown>>) : {};
  } catch {
    read = {};
  }
  cached = {
    patPrefix:
      typeof read.patPrefix === 'string' && read.patPrefix ? read.patPrefix : DEFAULT_INSTANCE_SETTINGS.patPrefix,
    maxAttachmentSize:
      typeof read.maxAttachmentSize === 'number' && read.maxAttachmentSize > 0
        ? read.maxAttachmentSize
        : DEFAULT_INSTANCE_SETTINGS.maxAttachmentSize,
    passwordResetByEmail: read.passwordResetByEmail === true,
    signupEnabled: read.signupEnabled === true,
    features: featureSwitchesOf(read.features),
  };
  return cached;
}

/** After an administrator saves Admin › Settings: this page follows the new switches without a reload. */
export function updateInstanceSettings(changes: Partial<InstanceSettings>): void {
  cached = { ...instanceSettings(), ...changes };
}

/** The feature switches in force (sub-epics, health status, scoped labels, multiple scoped labels). */
export function featureSwitches(): FeatureSwitches {
  return instanceSettings().features;
}
