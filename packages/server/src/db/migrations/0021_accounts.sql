-- Accounts and administration (decision 0031): public email, projects limit, the deactivated state,
-- the Ghost User that keeps a deleted user's contributions, and password reset tokens.
-- Keep SQL within PostgreSQL 14.
ALTER TABLE users ADD COLUMN public_email text CHECK (length(public_email) <= 255);
ALTER TABLE users ADD COLUMN projects_limit integer NOT NULL DEFAULT 100000 CHECK (projects_limit >= 0);
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_state_check;
ALTER TABLE users ADD CONSTRAINT users_state_check CHECK (state IN ('active', 'blocked', 'deactivated'));
-- GitLab's user_type: 'ghost' holds what deleted users made; it never signs in.
ALTER TABLE users ADD COLUMN user_type text NOT NULL DEFAULT 'human' CHECK (user_type IN ('human', 'ghost'));
CREATE UNIQUE INDEX users_one_ghost ON users (user_type) WHERE user_type = 'ghost';
-- Devise's recoverable: the SHA-256 of the emailed token, and when it was sent (it lives 2 hours).
ALTER TABLE users ADD COLUMN reset_password_token_digest text;
ALTER TABLE users ADD COLUMN reset_password_sent_at timestamptz;
CREATE UNIQUE INDEX users_reset_password_token ON users (reset_password_token_digest)
  WHERE reset_password_token_digest IS NOT NULL;
-- The active sessions list, newest first per user.
CREATE INDEX IF NOT EXISTS sessions_user_last_seen ON sessions (user_id, last_seen_at DESC);
