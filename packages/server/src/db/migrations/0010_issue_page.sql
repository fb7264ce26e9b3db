-- The issue page's '1st contribution!' badge: is there an earlier issue of the same author in the
-- project? One index probe per issue.
-- Keep SQL within PostgreSQL 14.
CREATE INDEX IF NOT EXISTS issues_project_author_id ON issues (project_id, author_id, id);
