-- The roadmap's position index (its first page's pass over every epic of the group in scope, with
-- the nesting rule) read from one index alone when the list's filter and order use only these
-- columns (issue 17, decision 0078): the pass then reads no table block. Keep SQL within
-- PostgreSQL 14.
CREATE INDEX epics_roadmap_pass ON epics (group_id, start_date, due_date) INCLUDE (id, confidential, state, parent_id, path_ids);
