-- Issue description templates, hidden (spam) issues and per-user incoming email tokens.
-- Keep SQL within PostgreSQL 14.

-- Description templates of a project or of a group (exactly one); a project's issue form offers its
-- own and those of its group and the group's ancestors (the nearest one wins on a shared name).
-- GitLab keeps them as `.gitlab/issue_templates/<name>.md` files; Milepost has no repositories.
CREATE TABLE issue_templates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint REFERENCES groups (id) ON DELETE CASCADE,
  project_id bigint REFERENCES projects (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100 AND name !~ '[/\\[:cntrl:]]' AND name = btrim(name)),
  content text NOT NULL CHECK (length(content) <= 1000000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((group_id IS NULL) <> (project_id IS NULL))
);
CREATE UNIQUE INDEX issue_templates_project_name ON issue_templates (project_id, name) WHERE project_id IS NOT NULL;
CREATE UNIQUE INDEX issue_templates_group_name ON issue_templates (group_id, name) WHERE group_id IS NOT NULL;

-- 'Submit as spam' (administrators): a hidden issue is seen by administrators only, as GitLab's
-- hidden issues.
ALTER TABLE issues ADD COLUMN hidden boolean NOT NULL DEFAULT false;

-- The user's part of reply-by-email addresses (GitLab's `incoming_email_token`): random, per user.
ALTER TABLE users ADD COLUMN incoming_email_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
