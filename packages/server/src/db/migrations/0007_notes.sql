-- Notes (comments and system notes) on issues and epics, GitLab's `notes`: each note belongs to one
-- discussion (`discussion_id`, 40 hex digits as GitLab's); an individual note is a discussion of one
-- (`type` NULL), a thread's notes are `DiscussionNote`s and can be resolved. The noteable is one of two
-- foreign keys, so deleting an issue or an epic deletes its notes; `noteable_type` / `noteable_id`
-- are GitLab's names for the same pair. Keep SQL within PostgreSQL 14.
CREATE TABLE notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  issue_id bigint REFERENCES issues (id) ON DELETE CASCADE,
  epic_id bigint REFERENCES epics (id) ON DELETE CASCADE,
  noteable_type text NOT NULL GENERATED ALWAYS AS (CASE WHEN issue_id IS NOT NULL THEN 'Issue' ELSE 'Epic' END) STORED,
  noteable_id bigint NOT NULL GENERATED ALWAYS AS (COALESCE(issue_id, epic_id)) STORED,
  author_id bigint REFERENCES users (id) ON DELETE SET NULL,
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 1000000),
  note_html text NOT NULL,
  system boolean NOT NULL DEFAULT false,
  -- what a system note records (title, description, label, …): GitLab's system_note_metadata.action
  system_note_action text CHECK (system OR system_note_action IS NULL),
  internal boolean NOT NULL DEFAULT false,
  type text CHECK (type IN ('DiscussionNote')),
  discussion_id text NOT NULL CHECK (discussion_id ~ '^[0-9a-f]{40}$'),
  resolved_at timestamptz,
  resolved_by_id bigint REFERENCES users (id) ON DELETE SET NULL,
  lock_version integer NOT NULL DEFAULT 0,
  last_edited_at timestamptz,
  updated_by_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(issue_id, epic_id) = 1),
  CHECK (NOT system OR type IS NULL)
);
-- A noteable's notes in order (lists, counts, discussions) and the cascades from issues and epics.
CREATE INDEX notes_noteable ON notes (noteable_type, noteable_id, created_at, id);
CREATE INDEX notes_issue ON notes (issue_id) WHERE issue_id IS NOT NULL;
CREATE INDEX notes_epic ON notes (epic_id) WHERE epic_id IS NOT NULL;
CREATE INDEX notes_discussion ON notes (discussion_id, created_at, id);

-- Award emoji on notes; a deleted note (also through its issue or epic) takes its awards along.
ALTER TABLE award_emoji DROP CONSTRAINT award_emoji_awardable_type_check;
ALTER TABLE award_emoji ADD CONSTRAINT award_emoji_awardable_type_check
  CHECK (awardable_type IN ('Epic', 'Issue', 'Note'));

CREATE FUNCTION delete_note_awards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM award_emoji WHERE awardable_type = 'Note' AND awardable_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER notes_delete_awards AFTER DELETE ON notes FOR EACH ROW EXECUTE FUNCTION delete_note_awards();
