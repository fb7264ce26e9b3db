-- Avatar uploads and email change confirmation (decision 0046). Keep SQL within PostgreSQL 14.

-- A user's avatar is an upload like the others (bytea chunks, every app server serves it), owned by
-- the user instead of a group or a project; it goes with the user.
ALTER TABLE uploads ADD COLUMN user_id bigint REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE uploads DROP CONSTRAINT IF EXISTS uploads_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_one_owner CHECK (num_nonnulls(group_id, project_id, user_id) = 1);
CREATE INDEX uploads_user ON uploads (user_id) WHERE user_id IS NOT NULL;

-- Devise's reconfirmable (GitLab's users.unconfirmed_email): a new email waits here until the link
-- sent to it is opened; the SHA-256 of the emailed token, and when it was sent.
ALTER TABLE users ADD COLUMN unconfirmed_email text CHECK (length(unconfirmed_email) <= 255);
ALTER TABLE users ADD COLUMN confirmation_token_digest text;
ALTER TABLE users ADD COLUMN confirmation_sent_at timestamptz;
CREATE UNIQUE INDEX users_confirmation_token ON users (confirmation_token_digest)
  WHERE confirmation_token_digest IS NOT NULL;
