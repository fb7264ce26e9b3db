import { describe, expect, it } from 'vitest';
import { DEFAULT_PAT_PREFIX, detectSecrets, maskSecret, secretKinds } from './secret-detection.ts';

/** `n` token characters (letters, digits, '_' and '-', as tokens have them), ending in a letter. */
const body = (n: number) => `${'aB3_-x9Zq7'.repeat(Math.ceil(n / 10)).slice(0, n - 1)}k`;
const anthropic = `sk-ant-api03-${body(86)}-${'Ab12_-cd'}`;

describe('detectSecrets: each of the twelve kinds', () => {
  it.each([
    ['GitLab personal access token', `glpat-${body(20)}`],
    ['Feed Token', `feed_token=${body(20)}`],
    ['Feed Token', `glft-${body(20)}`],
    ['GitLab OAuth Application Secret', `gloas-${body(64)}`],
    ['GitLab Deploy Token', `gldt-${body(20)}`],
    ['GitLab SCIM OAuth Access Token', `glsoat-${body(20)}`],
    ['GitLab CI Build (Job) Token', `glcbt-64_${body(20)}`],
    ['GitLab Feature Flags Client Token', `glffct-${body(20)}`],
    ['GitLab Runner Token', `glrt-${body(20)}`],
    ['GitLab Incoming Mail Token', `glimt-${body(25)}`],
    ['GitLab Agent for Kubernetes token', `glagent-${body(50)}`],
    ['GitLab Pipeline Trigger Token', `glptt-${body(40)}`],
    ['Anthropic key', anthropic],
  ])('%s: %s', (type, value) => {
    expect(detectSecrets(`Use this: ${value} and tell nobody.`)).toEqual([{ type, value }]);
  });

  it('knows twelve kinds', () => {
    expect(secretKinds()).toHaveLength(12);
  });
});

describe('detectSecrets: false positives stay quiet', () => {
  it.each([
    ['plain prose', 'Rotate the glpat token before Friday; see the deploy docs.'],
    ['a personal access token too short', `glpat-${body(19)}`],
    ['the prefix inside a longer word', `xglpat-${body(20)}`],
    ['an incoming mail token too short', `glimt-${body(24)}`],
    ['a Kubernetes agent token too short', `glagent-${body(49)}`],
    ['a pipeline trigger token too short', `glptt-${body(39)}`],
    ['an OAuth secret too short', `gloas-${body(63)}`],
    ['a job token without its partition', `glcbt-${body(20)}`],
    ['an unknown prefix', `glxyz-${body(20)}`],
    ['an AI key with a short middle', `sk-ant-api03-${body(40)}-Ab12_-cd`],
    ['an empty text', ''],
  ])('%s', (_label, text) => {
    expect(detectSecrets(text)).toEqual([]);
  });
});

describe('detectSecrets: several and repeated findings', () => {
  it('lists each distinct value once, kinds in order', () => {
    const pat = `glpat-${body(20)}`;
    const runner = `glrt-${body(20)}`;
    expect(detectSecrets(`${runner}\n${pat}\n\`${pat}\``)).toEqual([
      { type: 'GitLab personal access token', value: pat },
      { type: 'GitLab Runner Token', value: runner },
    ]);
  });

  it.each([
    ['at the end of the text', ''],
    ['before a space', ' next'],
    ['before a full stop', '.'],
  ])("finds a token that ends in '-' or '_' %s, and not one a character longer", (_where, after) => {
    for (const last of ['-', '_']) {
      const pat = `glpat-${body(19)}${last}`;
      expect(detectSecrets(`my token: ${pat}${after}`)).toEqual([{ type: 'GitLab personal access token', value: pat }]);
      expect(detectSecrets(`my token: ${pat}${last}${after}`)).toEqual([]);
    }
  });

  it('matches case-insensitively, as GitLab does', () => {
    expect(detectSecrets(`GLPAT-${body(20)}`)).toHaveLength(1);
  });
});

describe('detectSecrets: the configurable personal access token prefix', () => {
  it('defaults to glpat-', () => {
    expect(DEFAULT_PAT_PREFIX).toBe('glpat-');
  });

  it.each([
    ['mile-', `mile-${body(20)}`, true],
    ['mile-', `glpat-${body(20)}`, false],
    ['a.b+', `a.b+${body(20)}`, true],
    ['a.b+', `axb+${body(20)}`, false],
    ['', `glpat-${body(20)}`, true],
  ])('prefix %j: %s found = %s', (prefix, value, found) => {
    expect(detectSecrets(value, prefix).some((f) => f.type === 'GitLab personal access token')).toBe(found);
  });
});

describe('maskSecret', () => {
  it.each([
    ['', ''],
    ['short', 'short'],
    ['123456789', '123456789'],
    ['1234567890', '12345*7890'],
    [`glpat-${'x'.repeat(20)}`, `glpat${'*'.repeat(17)}xxxx`],
    [`gloas-${'y'.repeat(64)}`, `gloas${'*'.repeat(22)}yyyy`],
    [`abcde${'z'.repeat(22)}wxyz`, `abcde${'*'.repeat(22)}wxyz`],
  ])('%j → %j', (value, masked) => {
    expect(maskSecret(value)).toBe(masked);
  });
});
