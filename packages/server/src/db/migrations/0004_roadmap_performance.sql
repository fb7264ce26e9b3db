-- Roadmap at scale (10,000 epics, 50,000 issues in one group): see bench/api.ts.
-- Keep SQL within PostgreSQL 14.

-- 1. Each epic's own issues, counted once per epic, kept by the database itself. An epic's
--    roll-up (descendantCounts, descendantWeightSum, healthStatus) is then the sum of these rows
--    over its subtree, instead of an aggregate over every issue of every descendant on each read
--    (GitLab keeps the same per-epic totals: total_opened_issue_count, total_opened_issue_weight, …).
--    Statement-level triggers keep the rows exact whatever writes epic_issues or issues (services,
--    cascades, bulk inserts): an epic with no issue has no row.
CREATE TABLE epic_issue_counts (
  epic_id bigint PRIMARY KEY REFERENCES epics (id) ON DELETE CASCADE,
  opened_issues integer NOT NULL,
  closed_issues integer NOT NULL,
  opened_weight bigint NOT NULL,
  closed_weight bigint NOT NULL,
  -- open issues by health status
  on_track integer NOT NULL,
  needs_attention integer NOT NULL,
  at_risk integer NOT NULL
);

-- Recounts the given epics from their issues.
CREATE FUNCTION refresh_epic_issue_counts(epic_ids bigint[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM epic_issue_counts c
  WHERE c.epic_id = ANY (epic_ids) AND NOT EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.epic_id = c.epic_id);
  INSERT INTO epic_issue_counts AS c
    (epic_id, opened_issues, closed_issues, opened_weight, closed_weight, on_track, needs_attention, at_risk)
  SELECT ei.epic_id,
    count(*) FILTER (WHERE i.state = 'opened'),
    count(*) FILTER (WHERE i.state = 'closed'),
    COALESCE(sum(i.weight) FILTER (WHERE i.state = 'opened'), 0),
    COALESCE(sum(i.weight) FILTER (WHERE i.state = 'closed'), 0),
    count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 'on_track'),
    count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 'needs_attention'),
    count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 'at_risk')
  FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
  WHERE ei.epic_id = ANY (epic_ids)
  GROUP BY ei.epic_id
  ON CONFLICT (epic_id) DO UPDATE SET
    opened_issues = EXCLUDED.opened_issues, closed_issues = EXCLUDED.closed_issues,
    opened_weight = EXCLUDED.opened_weight, closed_weight = EXCLUDED.closed_weight,
    on_track = EXCLUDED.on_track, needs_attention = EXCLUDED.needs_attention, at_risk = EXCLUDED.at_risk
  WHERE (c.opened_issues, c.closed_issues, c.opened_weight, c.closed_weight, c.on_track, c.needs_attention, c.at_risk)
    IS DISTINCT FROM (EXCLUDED.opened_issues, EXCLUDED.closed_issues, EXCLUDED.opened_weight, EXCLUDED.closed_weight,
      EXCLUDED.on_track, EXCLUDED.needs_attention, EXCLUDED.at_risk);
$$;

CREATE FUNCTION epic_issues_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_epic_issue_counts(ARRAY(SELECT DISTINCT epic_id FROM new_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION epic_issues_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_epic_issue_counts(ARRAY(SELECT DISTINCT epic_id FROM old_rows));
  RETURN NULL;
END $$;

-- Only a row that changed epic (or issue) moves counts; reordering does not.
CREATE FUNCTION epic_issues_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_epic_issue_counts(ARRAY(
    SELECT o.epic_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.epic_id <> n.epic_id OR o.issue_id <> n.issue_id
    UNION
    SELECT n.epic_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.epic_id <> n.epic_id OR o.issue_id <> n.issue_id));
  RETURN NULL;
END $$;

-- An issue's state, weight or health status changed: recount the epic holding it. (A deleted
-- issue leaves through the ON DELETE CASCADE of epic_issues, which fires epic_issues_deleted.)
CREATE FUNCTION issues_updated_for_epic_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_epic_issue_counts(ARRAY(
    SELECT DISTINCT ei.epic_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN epic_issues ei ON ei.issue_id = n.id
    WHERE o.state IS DISTINCT FROM n.state OR o.weight IS DISTINCT FROM n.weight
      OR o.health_status IS DISTINCT FROM n.health_status));
  RETURN NULL;
END $$;

CREATE TRIGGER epic_issue_counts_on_insert AFTER INSERT ON epic_issues
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION epic_issues_inserted();
CREATE TRIGGER epic_issue_counts_on_delete AFTER DELETE ON epic_issues
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION epic_issues_deleted();
CREATE TRIGGER epic_issue_counts_on_update AFTER UPDATE ON epic_issues
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION epic_issues_updated();
CREATE TRIGGER epic_issue_counts_on_issue_update AFTER UPDATE ON issues
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION issues_updated_for_epic_counts();

-- The rows of epics that already hold issues.
SELECT refresh_epic_issue_counts(ARRAY(SELECT DISTINCT epic_id FROM epic_issues));

-- 2. Roadmap pages (a group tree's epics within a timeframe, by start or due date) and their
--    counts read only this index (index-only scans), then fetch the one page of rows by id.
CREATE INDEX epics_group_dates_covering ON epics (group_id, start_date, due_date) INCLUDE (id, confidential, state);
DROP INDEX epics_group_dates;
