-- Time tracking of issues, GitLab's `issues.time_estimate` and `timelogs`: the estimate is a number of
-- seconds on the issue (0 = none); spent time is a log of entries, each positive (time spent) or
-- negative (time subtracted, and a reset records minus the total), so the history stays whole.
-- An issue's total spent is the sum of its entries and never below zero (the service checks).
-- Keep SQL within PostgreSQL 14.
ALTER TABLE issues ADD COLUMN time_estimate integer NOT NULL DEFAULT 0 CHECK (time_estimate >= 0);

CREATE TABLE timelogs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  issue_id bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  time_spent integer NOT NULL CHECK (time_spent <> 0),
  spent_at timestamptz NOT NULL DEFAULT now(),
  summary text CHECK (summary IS NULL OR length(summary) <= 255),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- An issue's entries in order (sums, the report) and the cascade from issues.
CREATE INDEX timelogs_issue ON timelogs (issue_id, spent_at, id);
CREATE INDEX timelogs_user ON timelogs (user_id) WHERE user_id IS NOT NULL;
