-- Abuse reports: a signed-in user reports another user to the administrators (GitLab's
-- `abuse_reports`), with a category, a message, optional links and the page it came from.
-- Keep SQL within PostgreSQL 14.
CREATE TABLE abuse_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reporter_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category text NOT NULL
    CHECK (category IN ('spam', 'offensive', 'phishing', 'crypto', 'credentials', 'copyright', 'malware', 'other')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  reported_from_url text NOT NULL DEFAULT '' CHECK (length(reported_from_url) <= 2048),
  links_to_spam text[] NOT NULL DEFAULT '{}' CHECK (cardinality(links_to_spam) <= 20),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (reporter_id <> user_id)
);
-- One open report per reporter, reported user and category (GitLab: 'You have already reported this user').
CREATE UNIQUE INDEX abuse_reports_open_unique ON abuse_reports (user_id, reporter_id, category) WHERE status = 'open';
-- The admin list: newest first, optionally by status.
CREATE INDEX abuse_reports_status_created ON abuse_reports (status, created_at DESC, id DESC);
