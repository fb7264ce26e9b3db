-- Instance settings an administrator changes in Admin › Settings (GitLab's application_settings,
-- decision 0038): sign-up, default visibilities, the throttles of decision 0014 (NULL: the value of
-- the environment setting) and the feature switches of the planning screens. One row, id 1.
-- And the users' display preferences: colour theme, time zone, date format.
-- Keep SQL within PostgreSQL 14.
CREATE TABLE application_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  signup_enabled boolean NOT NULL DEFAULT false,
  default_group_visibility text NOT NULL DEFAULT 'private'
    CHECK (default_group_visibility IN ('private', 'internal', 'public')),
  default_project_visibility text NOT NULL DEFAULT 'private'
    CHECK (default_project_visibility IN ('private', 'internal', 'public')),
  max_login_attempts integer CHECK (max_login_attempts BETWEEN 0 AND 1000),
  failed_login_attempts_unlock_period_in_minutes integer
    CHECK (failed_login_attempts_unlock_period_in_minutes BETWEEN 1 AND 100000),
  throttle_protected_paths_requests_per_period integer
    CHECK (throttle_protected_paths_requests_per_period BETWEEN 0 AND 1000000),
  throttle_authenticated_api_requests_per_period integer
    CHECK (throttle_authenticated_api_requests_per_period BETWEEN 0 AND 1000000),
  throttle_unauthenticated_api_requests_per_period integer
    CHECK (throttle_unauthenticated_api_requests_per_period BETWEEN 0 AND 1000000),
  sub_epics_enabled boolean NOT NULL DEFAULT true,
  health_status_enabled boolean NOT NULL DEFAULT true,
  scoped_labels_enabled boolean NOT NULL DEFAULT true,
  multiple_scoped_labels_enabled boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO application_settings (id) VALUES (1) ON CONFLICT DO NOTHING;

-- GitLab's color mode (light, dark, or the system's), `timezone` (an IANA name; NULL: the browser's)
-- and the date format every date on screen uses.
ALTER TABLE users ADD COLUMN theme text NOT NULL DEFAULT 'light' CHECK (theme IN ('light', 'dark', 'system'));
ALTER TABLE users ADD COLUMN time_zone text CHECK (length(time_zone) <= 64);
ALTER TABLE users ADD COLUMN date_format text NOT NULL DEFAULT 'mdy' CHECK (date_format IN ('mdy', 'dmy', 'iso'));
