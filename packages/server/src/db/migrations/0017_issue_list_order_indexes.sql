-- Issue lists in their default orders (REST and GraphQL: created_at DESC; feeds: updated_at DESC)
-- read one page through an ordered index scan that stops after the page, instead of sorting every
-- matching issue of a big group (issue 13: 50,000 issues in one group). Keep SQL within PostgreSQL 14.
CREATE INDEX IF NOT EXISTS issues_created_at_id ON issues (created_at, id);
CREATE INDEX IF NOT EXISTS issues_updated_at_id ON issues (updated_at, id);
