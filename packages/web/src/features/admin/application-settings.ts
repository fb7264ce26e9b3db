/** Admin › Settings over GitLab's `GET`/`PUT /api/v4/application/settings` (decision 0038). */
import type { VisibilityName } from '@milepost/shared';
import { restJson, useRestResource } from '../../lib/rest.ts';

export type ApplicationSettings = {
  signup_enabled: boolean;
  default_group_visibility: VisibilityName;
  default_project_visibility: VisibilityName;
  max_login_attempts: number;
  failed_login_attempts_unlock_period_in_minutes: number;
  throttle_protected_paths_requests_per_period: number;
  throttle_authenticated_api_requests_per_period: number;
  throttle_unauthenticated_api_requests_per_period: number;
  /** The throttles not set here, which follow their environment variables. */
  throttles_from_environment: string[];
  sub_epics_enabled: boolean;
  health_status_enabled: boolean;
  scoped_labels_enabled: boolean;
  multiple_scoped_labels_enabled: boolean;
};

export type ThrottleParam =
  | 'max_login_attempts'
  | 'failed_login_attempts_unlock_period_in_minutes'
  | 'throttle_protected_paths_requests_per_period'
  | 'throttle_authenticated_api_requests_per_period'
  | 'throttle_unauthenticated_api_requests_per_period';

export type FeatureParam =
  | 'sub_epics_enabled'
  | 'health_status_enabled'
  | 'scoped_labels_enabled'
  | 'multiple_scoped_labels_enabled';

export type SettingsChanges = Partial<
  Omit<ApplicationSettings, 'throttles_from_environment' | ThrottleParam> & Record<ThrottleParam, number | null>
>;

const URL = '/api/v4/application/settings';

export const useApplicationSettings = () => useRestResource<ApplicationSettings>(URL);

export const saveApplicationSettings = (changes: SettingsChanges) =>
  restJson<ApplicationSettings>(URL, { method: 'PUT', body: changes });
