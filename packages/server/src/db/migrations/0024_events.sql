-- Events (GitLab's `events`): what users did, for the activity feed (/dashboard/activity, REST
-- `/events`) and the 'Contributed' projects. One row per action on an issue, epic, comment or
-- milestone, written by the service that acts, in its transaction. Keep SQL within PostgreSQL 14.
--
-- `issue_id` / `epic_id` name the issue or epic the event is about (for a comment: the commented
-- issue or epic, and `note_id` the comment), `milestone_id` a milestone; `project_id` / `group_id`
-- where it happened (the issue's or project milestone's project; the epic's or group milestone's
-- group). Who may see an event is decided when the feed is read, by the policy's SQL over its
-- target: an event on something the reader cannot read is left out. An event goes with its target
-- (cascades), as GitLab's feed shows no events of deleted things.
CREATE TABLE events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  author_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('created', 'closed', 'reopened', 'commented')),
  target_type text NOT NULL CHECK (target_type IN ('Issue', 'Epic', 'Note', 'Milestone')),
  issue_id bigint REFERENCES issues (id) ON DELETE CASCADE,
  epic_id bigint REFERENCES epics (id) ON DELETE CASCADE,
  note_id bigint REFERENCES notes (id) ON DELETE CASCADE,
  milestone_id bigint REFERENCES milestones (id) ON DELETE CASCADE,
  project_id bigint REFERENCES projects (id) ON DELETE CASCADE,
  group_id bigint REFERENCES groups (id) ON DELETE CASCADE,
  -- an internal comment: shown only to its author (the feed does not decide Reporter+ per row)
  internal boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((project_id IS NULL) <> (group_id IS NULL)),
  CHECK (num_nonnulls(issue_id, epic_id, milestone_id) = 1),
  CHECK ((note_id IS NOT NULL) = (target_type = 'Note'))
);
-- 'Your activity' (one author, newest first) and the 'Contributed' projects.
CREATE INDEX events_author ON events (author_id, id DESC);
-- 'Your projects' (events in the projects and groups of the reader's memberships, newest first).
CREATE INDEX events_project ON events (project_id, id DESC) WHERE project_id IS NOT NULL;
CREATE INDEX events_group ON events (group_id, id DESC) WHERE group_id IS NOT NULL;
-- Deleting a target deletes its events.
CREATE INDEX events_issue ON events (issue_id) WHERE issue_id IS NOT NULL;
CREATE INDEX events_epic ON events (epic_id) WHERE epic_id IS NOT NULL;
CREATE INDEX events_note ON events (note_id) WHERE note_id IS NOT NULL;
CREATE INDEX events_milestone ON events (milestone_id) WHERE milestone_id IS NOT NULL;
