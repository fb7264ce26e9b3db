-- Epics: subtree roll-ups probe the path_ids GIN index once per epic of a page
-- (`path_ids @> ARRAY[id]`). With GIN's fast-update pending list, every probe also scans the
-- list of entries not yet merged (until the next vacuum), which after bulk inserts makes each
-- probe cost milliseconds instead of microseconds. Epics are written far less often than read.
-- Keep SQL within PostgreSQL 14.
ALTER INDEX epics_path_ids SET (fastupdate = off);
