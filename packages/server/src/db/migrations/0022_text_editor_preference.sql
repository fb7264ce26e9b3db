-- The user's default text editor for descriptions and comments: GitLab's user preference
-- `text_editor_type` (0 not set, 1 plain text editor, 2 rich text editor). Not set means plain text
-- until the user switches; the browser then remembers the last choice.
-- Keep SQL within PostgreSQL 14.
ALTER TABLE users
  ADD COLUMN text_editor_type smallint NOT NULL DEFAULT 0
    CONSTRAINT users_text_editor_type CHECK (text_editor_type IN (0, 1, 2));
