-- Global search (decision 0039): PostgreSQL full-text search over issues, epics and milestones.
-- Each table keeps its document as a stored generated column (title weighted A, description B,
-- English stemming), so a search reads one GIN index and ranks without re-parsing descriptions.
-- Descriptions count up to their first 100,000 characters (a tsvector holds at most 1 MB).
-- Groups, projects and users are matched by name and path (see search.repository.ts).
-- Keep SQL within PostgreSQL 14.

ALTER TABLE issues ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', title), 'A') ||
  setweight(to_tsvector('english', left(description, 100000)), 'B')
) STORED;
CREATE INDEX issues_search_vector ON issues USING gin (search_vector);

ALTER TABLE epics ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', title), 'A') ||
  setweight(to_tsvector('english', left(description, 100000)), 'B')
) STORED;
CREATE INDEX epics_search_vector ON epics USING gin (search_vector);

ALTER TABLE milestones ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', title), 'A') ||
  setweight(to_tsvector('english', left(description, 100000)), 'B')
) STORED;
CREATE INDEX milestones_search_vector ON milestones USING gin (search_vector);
