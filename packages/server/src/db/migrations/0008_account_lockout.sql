-- Account lockout (GitLab's Devise `lockable`): failed sign-ins are counted on the user, and
-- `max_login_attempts` of them in a row lock the account until `locked_until` (or until an
-- administrator unlocks it). In PostgreSQL, so the count holds across app servers and restarts.
-- Keep SQL within PostgreSQL 14.
ALTER TABLE users
  ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  ADD COLUMN locked_at timestamptz,
  ADD COLUMN locked_until timestamptz,
  ADD CONSTRAINT users_lock_consistent CHECK ((locked_at IS NULL) = (locked_until IS NULL));
