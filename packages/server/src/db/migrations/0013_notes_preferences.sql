-- How a user last chose to see an issue's or an epic's activity: GitLab's user preferences
-- `issue_notes_filter` (0 all activity, 1 comments only, 2 history only) — and the same for epics —
-- and the sort of the activity list (oldest or newest first), kept for the user on every device.
-- Keep SQL within PostgreSQL 14.
ALTER TABLE users
  ADD COLUMN issue_notes_filter smallint NOT NULL DEFAULT 0
    CONSTRAINT users_issue_notes_filter CHECK (issue_notes_filter IN (0, 1, 2)),
  ADD COLUMN epic_notes_filter smallint NOT NULL DEFAULT 0
    CONSTRAINT users_epic_notes_filter CHECK (epic_notes_filter IN (0, 1, 2)),
  ADD COLUMN notes_sort text NOT NULL DEFAULT 'asc'
    CONSTRAINT users_notes_sort CHECK (notes_sort IN ('asc', 'desc'));
