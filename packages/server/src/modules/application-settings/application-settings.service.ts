/**
 * Instance settings (GitLab's `ApplicationSetting`, decision 0038): sign-up, the default visibility
 * of new groups and projects, the throttles of decision 0014 (an unset value means the environment
 * setting's) and the feature switches of the planning screens. Administrators read and change them;
 * every server reads the current values through a short cache.
 */
import { type FeatureSwitches, isVisibilityName, type VisibilityName } from '@milepost/shared';
import { type Actor, canWrite } from '../../authz/actor.ts';
import { can, GLOBAL } from '../../authz/policy.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ApplicationSettingsRow } from '../../db/schema.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { booleanOf, FieldErrors } from '../validation.ts';
import {
  type ApplicationSettingsChanges,
  applicationSettingsRepository,
  currentApplicationSettings,
} from './application-settings.repository.ts';
import { featureSwitchesOfRow } from './feature-switches.ts';

export type ThrottleName =
  | 'maxLoginAttempts'
  | 'failedLoginUnlockMinutes'
  | 'protectedPathsLimit'
  | 'apiRateLimitPerUser'
  | 'apiRateLimitPerIp';
export type Throttles = Record<ThrottleName, number>;
export type ThrottleEnv = Pick<Config, ThrottleName>;

/** Each throttle's GitLab setting name, environment variable and allowed range. */
export const THROTTLES: Record<ThrottleName, { param: string; env: string; min: number; max: number }> = {
  maxLoginAttempts: { param: 'max_login_attempts', env: 'MILEPOST_MAX_LOGIN_ATTEMPTS', min: 0, max: 1000 },
  failedLoginUnlockMinutes: {
    param: 'failed_login_attempts_unlock_period_in_minutes',
    env: 'MILEPOST_FAILED_LOGIN_UNLOCK_MINUTES',
    min: 1,
    max: 100_000,
  },
  protectedPathsLimit: {
    param: 'throttle_protected_paths_requests_per_period',
    env: 'MILEPOST_PROTECTED_PATHS_LIMIT',
    min: 0,
    max: 1_000_000,
  },
  apiRateLimitPerUser: {
    param: 'throttle_authenticated_api_requests_per_period',
    env: 'MILEPOST_API_RATE_LIMIT_PER_USER',
    min: 0,
    max: 1_000_000,
  },
  apiRateLimitPerIp: {
    param: 'throttle_unauthenticated_api_requests_per_period',
    env: 'MILEPOST_API_RATE_LIMIT_PER_IP',
    min: 0,
    max: 1_000_000,
  },
};

/** Each feature switch's GitLab-style setting name. */
export const FEATURE_PARAMS: Record<keyof FeatureSwitches, string> = {
  subEpics: 'sub_epics_enabled',
  healthStatus: 'health_status_enabled',
  scopedLabels: 'scoped_labels_enabled',
  multipleScopedLabels: 'multiple_scoped_labels_enabled',
};

const FEATURE_COLUMNS = {
  subEpics: 'subEpicsEnabled',
  healthStatus: 'healthStatusEnabled',
  scopedLabels: 'scopedLabelsEnabled',
  multipleScopedLabels: 'multipleScopedLabelsEnabled',
} as const satisfies Record<keyof FeatureSwitches, keyof ApplicationSettingsRow>;

export type EffectiveSettings = {
  row: ApplicationSettingsRow;
  signupEnabled: boolean;
  defaultGroupVisibility: VisibilityName;
  defaultProjectVisibility: VisibilityName;
  throttles: Throttles;
  /** Which throttles an administrator set here (the others come from the environment). */
  throttlesSetHere: Record<ThrottleName, boolean>;
  features: FeatureSwitches;
};

/** What `PUT /application/settings` may send, by GitLab's names (already parsed from JSON or a form). */
export type SettingsInput = Record<string, unknown>;

export function effectiveSettings(row: ApplicationSettingsRow, env: ThrottleEnv): EffectiveSettings {
  const names = Object.keys(THROTTLES) as ThrottleName[];
  return {
    row,
    signupEnabled: row.signupEnabled,
    defaultGroupVisibility: row.defaultGroupVisibility,
    defaultProjectVisibility: row.defaultProjectVisibility,
    throttles: Object.fromEntries(names.map((n) => [n, row[n] ?? env[n]])) as Throttles,
    throttlesSetHere: Object.fromEntries(names.map((n) => [n, row[n] !== null])) as Record<ThrottleName, boolean>,
    features: featureSwitchesOfRow(row),
  };
}

export function applicationSettingsService(db: Db, env: ThrottleEnv) {
  async function requireAdmin(actor: Actor): Promise<void> {
    if (!actor.user) throw new UnauthorizedError();
    if (!(await can(db, actor, 'readAdminArea', GLOBAL))) throw new ForbiddenError();
  }

  return {
    /** The values in force now (cached a few seconds). */
    async current(): Promise<EffectiveSettings> {
      return effectiveSettings(await currentApplicationSettings(db), env);
    },

    /** The throttles in force; the environment's values if the settings cannot be read (a database hiccup). */
    async throttles(): Promise<Throttles> {
      try {
        return (await this.current()).throttles;
      } catch {
        return {
          maxLoginAttempts: env.maxLoginAttempts,
          failedLoginUnlockMinutes: env.failedLoginUnlockMinutes,
          protectedPathsLimit: env.protectedPathsLimit,
          apiRateLimitPerUser: env.apiRateLimitPerUser,
          apiRateLimitPerIp: env.apiRateLimitPerIp,
        };
      }
    },

    async features(): Promise<FeatureSwitches> {
      return featureSwitchesOfRow(await currentApplicationSettings(db));
    },

    /** The settings for an administrator (GitLab: 403 for users, 401 signed out). */
    async get(actor: Actor): Promise<EffectiveSettings> {
      await requireAdmin(actor);
      return effectiveSettings(await applicationSettingsRepository(db).read(), env);
    },

    /**
     * Changes the settings sent (GitLab's names); every problem is reported at once and nothing is
     * changed then. A throttle sent as null or '' goes back to the environment's value.
     */
    async update(actor: Actor, input: SettingsInput): Promise<EffectiveSettings> {
      await requireAdmin(actor);
      if (!canWrite(actor)) throw new ForbiddenError('insufficient_scope');
      const errors = new FieldErrors();
      const changes: ApplicationSettingsChanges = {};
      const has = (key: string) => Object.hasOwn(input, key) && input[key] !== undefined;

      if (has('signup_enabled')) {
        const value = booleanOf(input.signup_enabled);
        if (value === undefined) errors.add('signup_enabled', 'is invalid');
        else changes.signupEnabled = value;
      }
      for (const [param, column] of [
        ['default_group_visibility', 'defaultGroupVisibility'],
        ['default_project_visibility', 'defaultProjectVisibility'],
      ] as const) {
        if (!has(param)) continue;
        const value = input[param];
        if (isVisibilityName(value)) changes[column] = value;
        else errors.add(param, 'does not have a valid value');
      }
      for (const name of Object.keys(THROTTLES) as ThrottleName[]) {
        const { param, min, max } = THROTTLES[name];
        if (!Object.hasOwn(input, param) || input[param] === undefined) continue;
        const raw = input[param];
        if (raw === null || raw === '') {
          changes[name] = null;
          continue;
        }
        const n = typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
        if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
          errors.add(param, `must be a whole number from ${min} to ${max}`);
        } else changes[name] = n;
      }
      for (const key of Object.keys(FEATURE_PARAMS) as (keyof FeatureSwitches)[]) {
        const param = FEATURE_PARAMS[key];
        if (!has(param)) continue;
        const value = booleanOf(input[param]);
        if (value === undefined) errors.add(param, 'is invalid');
        else changes[FEATURE_COLUMNS[key]] = value;
      }
      if (errors.any) throw new ValidationError(errors.fields);
      const row = await applicationSettingsRepository(db).update(changes);
      return effectiveSettings(row, env);
    },
  };
}
