-- To-dos, frequently visited projects and groups, and the imported flag of issues and epics.
-- Keep SQL within PostgreSQL 14.

-- A to-do (GitLab's todos): something a user should act on, on an issue or an epic. Made when the
-- user is assigned, mentioned or directly addressed, or when they add one themselves ('marked').
-- `project_id` is the issue's project, `group_id` the epic's group (GitLab's columns), so the list's
-- project and group filters read the to-do alone. `author_id` is who caused it (deleted users'
-- to-dos move to the Ghost User, as their other contributions); `note_id` the comment that
-- mentioned the user. Whether the user may still read the target is decided when the list is read.
CREATE TABLE todos (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  author_id bigint REFERENCES users (id) ON DELETE SET NULL,
  issue_id bigint REFERENCES issues (id) ON DELETE CASCADE,
  project_id bigint REFERENCES projects (id) ON DELETE CASCADE,
  epic_id bigint REFERENCES epics (id) ON DELETE CASCADE,
  group_id bigint REFERENCES groups (id) ON DELETE CASCADE,
  note_id bigint REFERENCES notes (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('assigned', 'mentioned', 'marked', 'directly_addressed')),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((issue_id IS NULL) <> (epic_id IS NULL)),
  CHECK ((issue_id IS NULL) = (project_id IS NULL)),
  CHECK ((epic_id IS NULL) = (group_id IS NULL))
);
-- The list (one user's pending or done to-dos, newest first) and the top bar's count.
CREATE INDEX todos_user_state ON todos (user_id, state, id DESC);
-- 'Does the user have a pending to-do on this?' (the sidebar button, the one-pending rule).
CREATE INDEX todos_issue ON todos (issue_id, user_id) WHERE issue_id IS NOT NULL;
CREATE INDEX todos_epic ON todos (epic_id, user_id) WHERE epic_id IS NOT NULL;
CREATE INDEX todos_note ON todos (note_id) WHERE note_id IS NOT NULL;
CREATE INDEX todos_author ON todos (author_id);

-- Frequently visited projects and groups of a user (spec 002 §3 'Frequent item: id, frequency,
-- lastAccessedOn'): a visit counts at most once per (UTC) day; the menus show the most frequent.
CREATE TABLE frequent_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id bigint REFERENCES projects (id) ON DELETE CASCADE,
  group_id bigint REFERENCES groups (id) ON DELETE CASCADE,
  frequency integer NOT NULL DEFAULT 1 CHECK (frequency >= 1),
  last_accessed_on timestamptz NOT NULL DEFAULT now(),
  CHECK ((project_id IS NULL) <> (group_id IS NULL))
);
CREATE UNIQUE INDEX frequent_items_project ON frequent_items (user_id, project_id) WHERE project_id IS NOT NULL;
CREATE UNIQUE INDEX frequent_items_group ON frequent_items (user_id, group_id) WHERE group_id IS NOT NULL;
CREATE INDEX frequent_items_project_id ON frequent_items (project_id) WHERE project_id IS NOT NULL;
CREATE INDEX frequent_items_group_id ON frequent_items (group_id) WHERE group_id IS NOT NULL;

-- Where an issue or epic came from (GitLab's `imported_from`: 'none' unless an importer made it).
-- Milepost has no importer of its own; a database filled by an import tool sets it.
ALTER TABLE issues ADD COLUMN imported_from text NOT NULL DEFAULT 'none'
  CHECK (imported_from IN ('none', 'gitlab_migration', 'gitlab_project', 'gitlab_group', 'github', 'bitbucket', 'bitbucket_server', 'fogbugz', 'gitea', 'git', 'manifest', 'custom_template', 'jira'));
ALTER TABLE epics ADD COLUMN imported_from text NOT NULL DEFAULT 'none'
  CHECK (imported_from IN ('none', 'gitlab_migration', 'gitlab_project', 'gitlab_group', 'github', 'bitbucket', 'bitbucket_server', 'fogbugz', 'gitea', 'git', 'manifest', 'custom_template', 'jira'));
