import { DEFAULT_PAT_PREFIX } from '@milepost/shared';

/**
 * Instance settings the server writes into the app page (`<meta name="milepost-settings">`, GitLab's
 * `gon`): the personal access token prefix secret detection looks for and the largest upload.
 */
export type InstanceSettings = { patPrefix: string; maxAttachmentSize: number };

/** Spec 002 §9: 256 MiB, when the page says nothing (tests, a page served without the server). */
export const DEFAULT_INSTANCE_SETTINGS: InstanceSettings = {
  patPrefix: DEFAULT_PAT_PREFIX,
  maxAttachmentSize: 256 * 1024 * 1024,
};

let cached: InstanceSettings | undefined;

export function instanceSettings(): InstanceSettings {
  if (cached) return cached;
  const content = document.querySelector('meta[name="milepost-settings"]')?.getAttribute('content');
  let read: Partial<InstanceSettings> = {};
  try {
    read = content ? (JSON.parse(content) as Partial<InstanceSettings>) : {};
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
  };
  return cached;
}
