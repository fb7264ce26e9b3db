-- Planning domain: labels, milestones, epics, issues and their links.
-- Keep SQL within PostgreSQL 14.

-- Per-container counters for iids (epics per group, issues and milestones per project or group).
CREATE TABLE internal_ids (
  usage text NOT NULL CHECK (usage IN ('epics', 'issues', 'group_milestones', 'project_milestones')),
  scope_id bigint NOT NULL,
  last_value integer NOT NULL,
  PRIMARY KEY (usage, scope_id)
);

CREATE TABLE labels (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint REFERENCES groups (id) ON DELETE CASCADE,
  project_id bigint REFERENCES projects (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
  color text NOT NULL CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((group_id IS NULL) <> (project_id IS NULL))
);
CREATE UNIQUE INDEX labels_group_title ON labels (group_id, title) WHERE group_id IS NOT NULL;
CREATE UNIQUE INDEX labels_project_title ON labels (project_id, title) WHERE project_id IS NOT NULL;
CREATE INDEX labels_title_lower ON labels (lower(title));

CREATE TABLE milestones (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  iid integer NOT NULL,
  group_id bigint REFERENCES groups (id) ON DELETE CASCADE,
  project_id bigint REFERENCES projects (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
  description text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'closed')),
  start_date date,
  due_date date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((group_id IS NULL) <> (project_id IS NULL)),
  CHECK (start_date IS NULL OR due_date IS NULL OR start_date <= due_date)
);
CREATE UNIQUE INDEX milestones_group_title ON milestones (group_id, title) WHERE group_id IS NOT NULL;
CREATE UNIQUE INDEX milestones_project_title ON milestones (project_id, title) WHERE project_id IS NOT NULL;
CREATE UNIQUE INDEX milestones_group_iid ON milestones (group_id, iid) WHERE group_id IS NOT NULL;
CREATE UNIQUE INDEX milestones_project_iid ON milestones (project_id, iid) WHERE project_id IS NOT NULL;
CREATE INDEX milestones_dates ON milestones (start_date, due_date);

CREATE TABLE epics (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  iid integer NOT NULL,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
  description text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'opened' CHECK (state IN ('opened', 'closed')),
  closed_at timestamptz,
  closed_by_id bigint REFERENCES users (id) ON DELETE SET NULL,
  confidential boolean NOT NULL DEFAULT false,
  author_id bigint REFERENCES users (id) ON DELETE SET NULL,
  color text NOT NULL DEFAULT '#1068bf' CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
  parent_id bigint REFERENCES epics (id) ON DELETE SET NULL,
  -- ids from the root epic down to this one (inclusive): subtree queries are array containment
  path_ids bigint[] NOT NULL DEFAULT '{}',
  relative_position integer,
  start_date_is_fixed boolean NOT NULL DEFAULT false,
  start_date_fixed date,
  due_date_is_fixed boolean NOT NULL DEFAULT false,
  due_date_fixed date,
  -- inherited dates (recomputed up the ancestor chain on every change that can move them)
  start_date_from_milestones date,
  due_date_from_milestones date,
  start_date_from_inherited_source date,
  due_date_from_inherited_source date,
  start_date_sourcing_milestone_id bigint REFERENCES milestones (id) ON DELETE SET NULL,
  due_date_sourcing_milestone_id bigint REFERENCES milestones (id) ON DELETE SET NULL,
  start_date_sourcing_epic_id bigint REFERENCES epics (id) ON DELETE SET NULL,
  due_date_sourcing_epic_id bigint REFERENCES epics (id) ON DELETE SET NULL,
  -- effective dates: fixed when *_is_fixed, else inherited
  start_date date,
  due_date date,
  lock_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, iid)
);
CREATE INDEX epics_parent ON epics (parent_id, relative_position);
CREATE INDEX epics_path_ids ON epics USING gin (path_ids);
CREATE INDEX epics_group_dates ON epics (group_id, start_date, due_date);
CREATE INDEX epics_group_state ON epics (group_id, state);
CREATE INDEX epics_title_trgm_free ON epics (group_id, lower(title));

CREATE TABLE issues (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  iid integer NOT NULL,
  issue_type text NOT NULL DEFAULT 'issue' CHECK (issue_type IN ('issue', 'incident', 'task')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
  description text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'opened' CHECK (state IN ('opened', 'closed')),
  -- set when an issue that had been closed is opened again: GitLab shows it as "reopened"
  reopened_at timestamptz,
  closed_at timestamptz,
  closed_by_id bigint REFERENCES users (id) ON DELETE SET NULL,
  confidential boolean NOT NULL DEFAULT false,
  author_id bigint REFERENCES users (id) ON DELETE SET NULL,
  milestone_id bigint REFERENCES milestones (id) ON DELETE SET NULL,
  weight integer CHECK (weight IS NULL OR weight >= 0),
  due_date date,
  health_status text CHECK (health_status IN ('on_track', 'needs_attention', 'at_risk')),
  discussion_locked boolean NOT NULL DEFAULT false,
  lock_version integer NOT NULL DEFAULT 0,
  relative_position integer,
  duplicated_to_id bigint REFERENCES issues (id) ON DELETE SET NULL,
  moved_to_id bigint REFERENCES issues (id) ON DELETE SET NULL,
  promoted_to_epic_id bigint REFERENCES epics (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_edited_at timestamptz,
  last_edited_by_id bigint REFERENCES users (id) ON DELETE SET NULL,
  UNIQUE (project_id, iid)
);
CREATE INDEX issues_project_state ON issues (project_id, state);
CREATE INDEX issues_milestone ON issues (milestone_id);
CREATE INDEX issues_author ON issues (author_id);

CREATE TABLE issue_assignees (
  issue_id bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (issue_id, user_id)
);
CREATE INDEX issue_assignees_user ON issue_assignees (user_id);

CREATE TABLE epic_labels (
  epic_id bigint NOT NULL REFERENCES epics (id) ON DELETE CASCADE,
  label_id bigint NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
  PRIMARY KEY (epic_id, label_id)
);
CREATE INDEX epic_labels_label ON epic_labels (label_id);

CREATE TABLE issue_labels (
  issue_id bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  label_id bigint NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
  PRIMARY KEY (issue_id, label_id)
);
CREATE INDEX issue_labels_label ON issue_labels (label_id);

-- An issue belongs to at most one epic.
CREATE TABLE epic_issues (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  epic_id bigint NOT NULL REFERENCES epics (id) ON DELETE CASCADE,
  issue_id bigint NOT NULL UNIQUE REFERENCES issues (id) ON DELETE CASCADE,
  relative_position integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX epic_issues_epic ON epic_issues (epic_id, relative_position);

-- 'blocks' means source blocks target; 'is_blocked_by' is stored as the reverse 'blocks'.
CREATE TABLE issue_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source_id bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  target_id bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  link_type text NOT NULL DEFAULT 'relates_to' CHECK (link_type IN ('relates_to', 'blocks')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (source_id <> target_id),
  UNIQUE (source_id, target_id)
);
CREATE INDEX issue_links_target ON issue_links (target_id);

CREATE TABLE epic_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source_id bigint NOT NULL REFERENCES epics (id) ON DELETE CASCADE,
  target_id bigint NOT NULL REFERENCES epics (id) ON DELETE CASCADE,
  link_type text NOT NULL DEFAULT 'relates_to' CHECK (link_type IN ('relates_to', 'blocks')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (source_id <> target_id),
  UNIQUE (source_id, target_id)
);
CREATE INDEX epic_links_target ON epic_links (target_id);

CREATE TABLE award_emoji (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (name ~ '^[a-z0-9_+-]{1,64}$'),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  awardable_type text NOT NULL CHECK (awardable_type IN ('Epic', 'Issue')),
  awardable_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (awardable_type, awardable_id, user_id, name)
);
CREATE INDEX award_emoji_user ON award_emoji (user_id, name);

CREATE TABLE subscriptions (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subscribable_type text NOT NULL CHECK (subscribable_type IN ('Epic', 'Issue', 'Label')),
  subscribable_id bigint NOT NULL,
  subscribed boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscribable_type, subscribable_id, user_id)
);
