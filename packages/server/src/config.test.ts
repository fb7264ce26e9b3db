/** MILEPOST_DEMO_TODAY: the one setting that moves the demo's dates, checked like every other setting. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { demoToday } from './demo/demo.ts';

const MESSAGE =
  'MILEPOST_DEMO_TODAY: MILEPOST_DEMO_TODAY must be a calendar date written YYYY-MM-DD, such as 2027-03-05';

function problem(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('MILEPOST_DEMO_TODAY', () => {
  it('is unset by default, and empty counts as unset', () => {
    expect(loadConfig({}).demoToday).toBeUndefined();
    expect(loadConfig({ MILEPOST_DEMO_TODAY: '' }).demoToday).toBeUndefined();
  });

  it.each([['2027-03-05'], ['2028-02-29'], ['2026-12-31'], ['2000-02-29']])('accepts %s', (value) => {
    expect(loadConfig({ MILEPOST_DEMO_TODAY: value }).demoToday).toBe(value);
  });

  it.each([
    ['2027-3-5'],
    ['05/03/2027'],
    ['2027-03-05T00:00:00Z'],
    ['2027-02-29'],
    ['1900-02-29'],
    ['2027-13-01'],
    ['2027-04-31'],
    ['today'],
    [' 2027-03-05'],
  ])('refuses %j, saying what it wants', (value) => {
    expect(problem({ MILEPOST_DEMO_TODAY: value })).toBe(`Invalid configuration:\n  ${MESSAGE}`);
  });

  it('is listed with the other problems', () => {
    const message = problem({ PORT: 'abc', MILEPOST_DEMO_TODAY: 'soon' });
    expect(message.split('\n').slice(1)).toEqual([expect.stringMatching(/^ {2}PORT: /), `  ${MESSAGE}`]);
  });

  it('stops the server before it touches the data directory', () => {
    const dataDir = path.join(import.meta.dirname, 'no-such-dir-for-config-test');
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
      env: { ...process.env, MILEPOST_DEMO_TODAY: '2027-02-30', MILEPOST_DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`milepost: Invalid configuration:\n  ${MESSAGE}\n`);
  });
});

describe('demoToday', () => {
  const now = new Date('2026-11-22T15:30:00Z');

  it('is midnight UTC of the pinned day', () => {
    expect(demoToday({ demoToday: '2027-03-05' }, now).toISOString()).toBe('2027-03-05T00:00:00.000Z');
  });

  it('is the current time when nothing is pinned', () => {
    expect(demoToday({ demoToday: undefined }, now)).toBe(now);
  });
});

describe('MILEPOST_INCOMING_EMAIL', () => {
  it('is unset by default: no reply-by-email addresses', () => {
    expect(loadConfig({}).incomingEmail).toBeUndefined();
  });

  it('takes an address with %{key} in its local part', () => {
    expect(loadConfig({ MILEPOST_INCOMING_EMAIL: 'incoming+%{key}@plan.example.com' }).incomingEmail).toBe(
      'incoming+%{key}@plan.example.com',
    );
  });

  it.each([
    ['incoming@plan.example.com', 'must be an email address with %{key} in its local part'],
    ['incoming+%{key}@%{key}.example.com', 'must be an email address with %{key} in its local part'],
    ['%{key}', 'must be an email address with %{key} in its local part'],
    ['a+%{key}+%{key}@plan.example.com', 'must contain %{key} once'],
  ])('refuses %j', (value, message) => {
    expect(problem({ MILEPOST_INCOMING_EMAIL: value })).toContain(message);
  });
});
