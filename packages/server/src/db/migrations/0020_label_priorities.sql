-- Label priorities (GitLab's label_priorities): a project ranks labels available to it — its own and
-- its groups' — and the issue lists sort by that rank ('Priority', 'Label priority'). Lower numbers
-- come first. Keep SQL within PostgreSQL 14.
CREATE TABLE label_priorities (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  label_id bigint NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
  priority integer NOT NULL CHECK (priority >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX label_priorities_project_label ON label_priorities (project_id, label_id);
CREATE INDEX label_priorities_label ON label_priorities (label_id);
