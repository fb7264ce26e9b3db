-- Work items (issue 14): a task is a child work item of an issue or an incident of the same
-- project (GitLab's `work_item_parent_links`). One parent per child; deleting either side removes
-- the link. Children are ordered by relative_position (gaps, as the epic tree), then id.
CREATE TABLE work_item_parent_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  work_item_id bigint NOT NULL UNIQUE REFERENCES issues (id) ON DELETE CASCADE,
  work_item_parent_id bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  relative_position integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (work_item_id <> work_item_parent_id)
);

CREATE INDEX work_item_parent_links_parent_idx
  ON work_item_parent_links (work_item_parent_id, relative_position, id);
