/**
 * Secret detection for comments and descriptions (spec 002 §5.1; GitLab's `secret_detection.js`):
 * the twelve kinds of token a user might paste by mistake, found before the text is saved, and the
 * masked form a warning shows them in. Pure: the personal access token prefix comes from the
 * instance's setting (`MILEPOST_PAT_PREFIX`, GitLab's `personal_access_token_prefix`).
 */

/** GitLab's default personal access token prefix. */
export const DEFAULT_PAT_PREFIX = 'glpat-';

export type SecretKind = {
  /** GitLab's name for the kind of token, shown in the warning. */
  name: string;
  /** The token's pattern (a RegExp source, matched case-insensitively from a word boundary to the token's end). */
  pattern: string;
};

export type SecretFinding = { type: string; value: string };

/** Characters a token body is made of (GitLab's `[0-9a-zA-Z_-]`). */
const BODY = '[0-9a-zA-Z_-]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The twelve kinds, in GitLab's order; the personal access token with the instance's prefix. */
export function secretKinds(patPrefix: string = DEFAULT_PAT_PREFIX): readonly SecretKind[] {
  return [
    { name: 'GitLab personal access token', pattern: `${escapeRegExp(patPrefix || DEFAULT_PAT_PREFIX)}${BODY}{20}` },
    { name: 'Feed Token', pattern: `feed_token=${BODY}{20}|glft-${BODY}{20}|glft-[a-h0-9]+-[0-9]+_` },
    { name: 'GitLab OAuth Application Secret', pattern: `gloas-${BODY}{64}` },
    { name: 'GitLab Deploy Token', pattern: `gldt-${BODY}{20}` },
    { name: 'GitLab SCIM OAuth Access Token', pattern: `glsoat-${BODY}{20}` },
    { name: 'GitLab CI Build (Job) Token', pattern: `glcbt-[0-9a-zA-Z]{1,5}_${BODY}{20}` },
    { name: 'GitLab Feature Flags Client Token', pattern: `glffct-${BODY}{20}` },
    { name: 'GitLab Runner Token', pattern: `glrt-${BODY}{20}` },
    { name: 'GitLab Incoming Mail Token', pattern: `glimt-${BODY}{25}` },
    { name: 'GitLab Agent for Kubernetes token', pattern: `glagent-${BODY}{50}` },
    { name: 'GitLab Pipeline Trigger Token', pattern: `glptt-${BODY}{40}` },
    { name: 'Anthropic key', pattern: 'sk-ant-[a-z]{3}\\d{2}-[A-Za-z0-9_-]{86}-[A-Za-z0-9_-]{8}' },
  ];
}

/**
 * Every token of a known kind in `text`, in the order of the kinds and then of the text; the same
 * value is listed once. Empty when the text holds none.
 */
export function detectSecrets(text: string, patPrefix: string = DEFAULT_PAT_PREFIX): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const seen = new Set<string>();
  if (!text) return findings;
  for (const kind of secretKinds(patPrefix)) {
    // The token ends where no token character follows: a word boundary there missed a token ending
    // in '-' (one of the 64 characters a token may end with), as a freshly issued one may.
    for (const match of text.matchAll(new RegExp(`\\b(?:${kind.pattern})(?!${BODY})`, 'gi'))) {
      const value = match[0];
      if (seen.has(value)) continue;
      seen.add(value);
      findings.push({ type: kind.name, value });
    }
  }
  return findings;
}

/** Masking (spec 002 §9): the first 5 and last 4 characters, stars between (at most 22). */
export const SECRET_MASK = { leading: 5, trailing: 4, maxStars: 22 } as const;

/** A secret as the warning shows it; values of 9 characters or fewer are shown as they are. */
export function maskSecret(value: string): string {
  const { leading, trailing, maxStars } = SECRET_MASK;
  if (value.length <= leading + trailing) return value;
  const stars = Math.min(value.length - leading - trailing, maxStars);
  return `${value.slice(0, leading)}${'*'.repeat(stars)}${value.slice(-trailing)}`;
}
