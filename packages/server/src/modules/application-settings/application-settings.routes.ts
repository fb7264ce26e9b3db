/**
 * GitLab's `GET` and `PUT /api/v4/application/settings` (administrators): sign-up, default
 * visibilities, the throttles (per minute; GitLab's `*_requests_per_period` with a 60 s period) and
 * Milepost's feature switches. `throttles_from_environment` names the throttles an administrator has
 * not set, which follow their environment variables.
 */
import type { FastifyInstance } from 'fastify';
import { paramsOf } from '../../http/grape-params.ts';
import { requireUser } from '../../http/params.ts';
import type { Services } from '../services.ts';
import {
  type EffectiveSettings,
  FEATURE_PARAMS,
  THROTTLES,
  type ThrottleName,
} from './application-settings.service.ts';

export function applicationSettingsEntity(s: EffectiveSettings): Record<string, unknown> {
  const names = Object.keys(THROTTLES) as ThrottleName[];
  const throttle = (name: ThrottleName, prefix: string) => ({
    [`${prefix}_enabled`]: s.throttles[name] > 0,
    [`${prefix}_requests_per_period`]: s.throttles[name],
    [`${prefix}_period_in_seconds`]: 60,
  });
  return {
    id: 1,
    signup_enabled: s.signupEnabled,
    default_group_visibility: s.defaultGroupVisibility,
    default_project_visibility: s.defaultProjectVisibility,
    max_login_attempts: s.throttles.maxLoginAttempts,
    failed_login_attempts_unlock_period_in_minutes: s.throttles.failedLoginUnlockMinutes,
    ...throttle('protectedPathsLimit', 'throttle_protected_paths'),
    ...throttle('apiRateLimitPerUser', 'throttle_authenticated_api'),
    ...throttle('apiRateLimitPerIp', 'throttle_unauthenticated_api'),
    throttles_from_environment: names.filter((n) => !s.throttlesSetHere[n]).map((n) => THROTTLES[n].param),
    ...Object.fromEntries(
      (Object.keys(FEATURE_PARAMS) as (keyof typeof FEATURE_PARAMS)[]).map((k) => [FEATURE_PARAMS[k], s.features[k]]),
    ),
    updated_at: s.row.updatedAt.toISOString(),
  };
}

export function applicationSettingsRoutes(api: FastifyInstance, services: Services): void {
  api.get('/application/settings', async (request) => {
    return applicationSettingsEntity(await services.applicationSettings.get(request.actor));
  });

  api.put('/application/settings', async (request) => {
    requireUser(request.actor, true);
    const updated = await services.applicationSettings.update(request.actor, paramsOf(request));
    return applicationSettingsEntity(updated);
  });
}
