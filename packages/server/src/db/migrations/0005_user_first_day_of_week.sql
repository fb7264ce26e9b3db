-- The user's first day of the week (the roadmap's week columns start on it): 0 Sunday, 1 Monday,
-- 6 Saturday, as GitLab's user preference `first_day_of_week`.
-- Keep SQL within PostgreSQL 14.
ALTER TABLE users ADD COLUMN first_day_of_week smallint NOT NULL DEFAULT 0
  CONSTRAINT users_first_day_of_week CHECK (first_day_of_week IN (0, 1, 6));
